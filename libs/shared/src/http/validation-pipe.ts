import { type ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from '../domain/domain-error';

function collect(errors: ValidationError[], prefix = '', into: Record<string, string[]> = {}): Record<string, string[]> {
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      into[path] = Object.entries(error.constraints).map(([rule, message]) =>
        rule === 'whitelistValidation' ? `${path} is not an allowed field` : message,
      );
    }
    if (error.children?.length) collect(error.children, path, into);
  }
  return into;
}

const NUL = '\u0000';
/** @nestjs/swagger keeps each documented property's options here (`nullable` among them). */
const SWAGGER_PROPERTIES = 'swagger/apiModelProperties';

function isDtoClass(metatype: unknown): metatype is new () => object {
  return typeof metatype === 'function' && ![String, Number, Boolean, Array, Object].includes(metatype as never);
}

/** Whether the DTO documents this property as nullable (`@ApiProperty({ nullable: true })`). */
function nullable(metatype: unknown, property: string): boolean {
  if (!isDtoClass(metatype)) return false;
  const options = Reflect.getMetadata(SWAGGER_PROPERTIES, metatype.prototype, property) as { nullable?: boolean } | undefined;
  return options?.nullable === true;
}

/**
 * The checks every input gets before any DTO rule runs, in one place:
 * - no string anywhere (body, query, route parameter, nested or in an array) holds a NUL character:
 *   PostgreSQL text cannot store it, and it would otherwise surface as a database error;
 * - a body field is null only where its DTO documents it as nullable: `@IsOptional()` lets null through
 *   every other rule, and a null where a value is required is a 500 waiting to happen further in.
 */
export function inputErrors(value: unknown, metadata: Pick<ArgumentMetadata, 'type' | 'metatype' | 'data'>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      if (node.includes(NUL)) (errors[path || metadata.type] ??= []).push(`${path || metadata.type} must not contain NUL characters`);
    } else if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(value, typeof value === 'string' ? (metadata.data ?? '') : '');
  if (metadata.type === 'body' && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (child === null && !nullable(metadata.metatype, key)) (errors[key] ??= []).push(`${key} cannot be null`);
    }
  }
  return errors;
}

const failure = (fields: Record<string, string[]>) =>
  new DomainError('VALIDATION_FAILED', Object.values(fields).flat().join('; ') || 'Invalid request', 'validation', { errors: fields });

class MirrorlineValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const errors = inputErrors(value, metadata);
      if (Object.keys(errors).length) throw failure(errors);
    }
    return super.transform(value, metadata);
  }
}

/** Whitelisted DTOs: unknown fields are a 400, never silently ignored (no mass assignment). */
export function createValidationPipe(): ValidationPipe {
  return new MirrorlineValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => failure(collect(errors)),
  });
}

/**
 * The fields the app's ValidationPipe refuses in `value` for the DTO `metatype` (sorted), or 'accepted': the DTO
 * specs of the libs check a route's input rules with it, without HTTP. Any other error is thrown.
 */
export async function refusedFields(metatype: new () => object, value: unknown, type: 'body' | 'query' = 'body'): Promise<string[] | 'accepted'> {
  try {
    await createValidationPipe().transform(value, { type, metatype, data: '' });
    return 'accepted';
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'VALIDATION_FAILED') throw error;
    return Object.keys((error.details.errors ?? {}) as Record<string, string[]>).sort();
  }
}
