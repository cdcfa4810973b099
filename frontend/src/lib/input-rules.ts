/**
 * The API's input rules, read from ONE source: the generated `api-rules.ts` (the OpenAPI document's
 * patterns, lengths and ranges, written by `npm run api:types`). The SPA keeps no copy of a pattern or
 * limit: forms check input against these and word their hints from them.
 */
import { API_RULES } from './api-rules';

export { API_RULES };

export interface InputRule {
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  /** the least amount of a decimal-string amount (OpenAPI has no minimum for strings) */
  'x-minimum-amount'?: string;
  /** the content types a multipart file takes, comma-separated (the body's `encoding`) */
  contentType?: string;
}

type Rules = typeof API_RULES;

/** The rule of one request field: `rule('RegisterRequestDto', 'password')`. */
export function rule<S extends keyof Rules, F extends keyof Rules[S]>(schema: S, field: F): InputRule {
  return API_RULES[schema][field] as InputRule;
}

const compiled = new Map<string, RegExp>();

/** Does the text match the rule's pattern (none: any text)? */
export function matchesPattern(r: InputRule, value: string): boolean {
  if (r.pattern === undefined) return true;
  let re = compiled.get(r.pattern);
  if (!re) compiled.set(r.pattern, (re = new RegExp(r.pattern, 'u')));
  return re.test(value);
}

/** Is the length within the rule's minLength..maxLength? */
export function withinLength(r: InputRule, value: string): boolean {
  return (r.minLength === undefined || value.length >= r.minLength) && (r.maxLength === undefined || value.length <= r.maxLength);
}

/** Is the whole number within the rule's minimum..maximum? */
export function withinRange(r: InputRule, n: number): boolean {
  return Number.isInteger(n) && (r.minimum === undefined || n >= r.minimum) && (r.maximum === undefined || n <= r.maximum);
}

/** "8 to 128 characters" */
export function lengthHint(r: InputRule): string {
  return `${r.minLength ?? 0} to ${r.maxLength} characters`;
}

/** "5 to 95" */
export function rangeHint(r: InputRule): string {
  return `${r.minimum} to ${r.maximum}`;
}
