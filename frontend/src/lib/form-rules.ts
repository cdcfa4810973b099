/**
 * A react-hook-form resolver built from the API's generated input rules (`api-rules.ts`, written by
 * `npm run api:types` from the OpenAPI document): a form names its request schema and words its messages; the
 * patterns and lengths come from the DTO, so a DTO change shows up in the SPA with the next `api:types`.
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { API_RULES, matchesPattern, type InputRule } from './input-rules';

type Rules = typeof API_RULES;

/** How one field is checked beyond its generated rule, and the words of its messages. */
export interface FieldCheck<V> {
  /** The message when the field is empty; without it an empty field passes (an optional field). */
  required?: string;
  /** The message for any miss of the generated rule (pattern or length); default: a length message, or "Enter a valid value". */
  invalid?: string;
  /** Keep surrounding spaces (a password); other text is trimmed before it is checked and sent. */
  keepSpaces?: boolean;
  /** A check the OpenAPI document cannot carry (two fields that must match): the message, or undefined. */
  check?: (value: string, values: V) => string | undefined;
}

export type FormChecks<V> = { [K in keyof V]?: FieldCheck<V> };

/** The message for a text against its generated rule and check, or undefined when it passes. */
export function ruleMessage(r: InputRule, c: Pick<FieldCheck<unknown>, 'required' | 'invalid'>, value: string): string | undefined {
  if (value === '') return c.required;
  if (r.minLength !== undefined && value.length < r.minLength) return c.invalid ?? `Use at least ${r.minLength} characters`;
  if (r.maxLength !== undefined && value.length > r.maxLength) return c.invalid ?? `Use at most ${r.maxLength} characters`;
  if (!matchesPattern(r, value)) return c.invalid ?? 'Enter a valid value';
  return undefined;
}

/**
 * The resolver of a form whose values are the request schema's fields: `rulesResolver('RegisterRequestDto', {
 * username: { required: 'Choose a username', invalid: '…' }, … })`. The values it hands to the submit handler
 * are trimmed (except `keepSpaces` fields), so the handler sends them as they are.
 */
export function rulesResolver<S extends keyof Rules, V extends FieldValues & { [K in keyof V]: string }>(schema: S, checks: FormChecks<V>): Resolver<V> {
  const rules = API_RULES[schema] as Record<string, InputRule | undefined>;
  return (raw) => {
    const values = { ...raw } as Record<string, string>;
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, c] of Object.entries(checks) as [string, FieldCheck<V>][]) {
      const value = c.keepSpaces ? (values[name] ?? '') : (values[name] ?? '').trim();
      values[name] = value;
      const message = ruleMessage(rules[name] ?? {}, c, value) ?? c.check?.(value, values as V);
      if (message) errors[name] = { type: 'rules', message };
    }
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<V> } : { values: values as V, errors: {} };
  };
}
