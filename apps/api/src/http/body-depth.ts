import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '@mirrorline/shared';

/** product.md §11.4: a request body nested deeper than this answers 400 (no DTO is nested a tenth as deep). */
export const MAX_BODY_DEPTH = 32;

/**
 * Whether `value` holds objects or arrays nested more than `max` levels deep (a top-level object is level 1).
 * Iterative, so a body of 100,000 levels costs one pass and no stack: the recursive walks further in (input
 * checks, class-transformer, class-validator) only ever see bodies within the bound.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

export const bodyTooDeep = () =>
  new DomainError('VALIDATION_FAILED', `The request body is nested deeper than ${MAX_BODY_DEPTH} levels`, 'validation');

/** After the body parsers: a body nested deeper than MAX_BODY_DEPTH goes to the error handler as a 400. */
export function refuseDeepBodies(req: Request, _res: Response, next: NextFunction): void {
  next(nestedDeeperThan(req.body, MAX_BODY_DEPTH) ? bodyTooDeep() : undefined);
}
