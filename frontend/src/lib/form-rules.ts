/**
 * A react-hook-form resolver built from the API's generated input rules (`api-rules.ts`, written by
 * `npm run api:types` from the OpenAPI document): a form names its request schema and words its messages; the
 * patterns and lengths come from the DTO, so a DTO change shows up in the SPA with the next `api:types`.
 */
import type { FieldErrors, FieldValues, Path, Resolver, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { fieldErrors } from './api-client';
import { API_RULES, matchesPattern, rangeHint, type InputRule } from './input-rules';
import { formatMoney, isAmount, normalizeAmount, parseAmountInput, toCents } from './money';

type Rules = typeof API_RULES;

/** How one field is checked beyond its generated rule, and the words of its messages. */
export interface FieldCheck<V> {
  /** The message when the field is empty; without it an empty field passes (an optional field). */
  required?: string;
  /** The message for any miss of the generated rule (pattern, length or range), or a function of the text that missed; default: a length or range message, or "Enter a valid value". */
  invalid?: string | ((value: string) => string);
  /** Keep surrounding spaces (a password); other text is trimmed before it is checked and sent. */
  keepSpaces?: boolean;
  /** The rule when the form's schema has none for the field (the closest DTO's), or the form's own reading of it. */
  rule?: InputRule;
  /** What the rule checks and the handler gets, from the trimmed text (an amount without its separators: `AMOUNT`). */
  parse?: (text: string) => string;
  /** A number field (a rule with a minimum or maximum) takes whole numbers only. */
  whole?: boolean;
  /** A check the OpenAPI document cannot carry (two fields that must match): the message, or undefined. */
  check?: (value: string, values: V) => string | undefined;
}

export type FormChecks<V> = { [K in keyof V]?: FieldCheck<V> };

/**
 * An amount as people type it ("1,250.50", "$100"): the DTO's amount pattern applied without the separators, more
 * than zero, a `x-minimum-amount` as "The minimum is $10.00"; the handler gets it with two decimals ("1250.50").
 */
export const AMOUNT = {
  required: 'Enter an amount',
  invalid: 'Enter an amount like 100 or 1,250.50',
  parse: (text: string) => (isAmount(text) ? normalizeAmount(text) : parseAmountInput(text)),
  check: (value: string) => (toCents(value) === 0n ? `The minimum is ${formatMoney('0.01')}` : undefined),
} satisfies FieldCheck<unknown>;

/** A whole percentage in the rule's range (or `r`, a form's own reading of it): "Enter a whole percentage from 5 to 95". */
export function wholePercent(r: InputRule, more = ''): FieldCheck<unknown> {
  return { rule: r, whole: true, invalid: `Enter a whole percentage from ${rangeHint(r)}${more}` };
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** The message for a text against its generated rule and check, or undefined when it passes. */
export function ruleMessage(r: InputRule, c: Pick<FieldCheck<unknown>, 'required' | 'invalid' | 'whole'>, value: string): string | undefined {
  if (value === '') return c.required;
  const invalid = (fallback: string) => (typeof c.invalid === 'function' ? c.invalid(value) : (c.invalid ?? fallback));
  if (r.minLength !== undefined && value.length < r.minLength) return invalid(`Use at least ${r.minLength} characters`);
  if (r.maxLength !== undefined && value.length > r.maxLength) return invalid(`Use at most ${r.maxLength} characters`);
  if (!matchesPattern(r, value)) return invalid('Enter a valid value');
  if (r.minimum !== undefined || r.maximum !== undefined) {
    const n = NUMBER.test(value) ? Number(value) : NaN;
    const fits = (c.whole ? Number.isInteger(n) : Number.isFinite(n)) && (r.minimum === undefined || n >= r.minimum) && (r.maximum === undefined || n <= r.maximum);
    if (!fits) return invalid(`Enter a ${c.whole ? 'whole ' : ''}number from ${rangeHint(r)}`);
  }
  const least = r['x-minimum-amount'];
  if (least !== undefined && (toCents(value) ?? 0n) < toCents(least)!) return `The minimum is ${formatMoney(least)}`;
  return undefined;
}

/**
 * The resolver of a form whose values are the request schema's fields: `rulesResolver('RegisterRequestDto', {
 * username: { required: 'Choose a username', invalid: '…' }, … })`. The values it hands to the submit handler
 * are trimmed (except `keepSpaces` fields), so the handler sends them as they are.
 */
export function rulesResolver<S extends keyof Rules, V extends FieldValues>(schema: S, checks: FormChecks<V>): Resolver<V> {
  const rules = API_RULES[schema] as Record<string, InputRule | undefined>;
  return (raw) => {
    const values = { ...raw } as Record<string, unknown>;
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, c] of Object.entries(checks) as [string, FieldCheck<V>][]) {
      const text = String(values[name] ?? '');
      const kept = c.keepSpaces ? text : text.trim();
      const value = c.parse && kept !== '' ? c.parse(kept) : kept;
      values[name] = value;
      const message = ruleMessage(c.rule ?? rules[name] ?? {}, c, value) ?? c.check?.(value, values as V);
      if (message) errors[name] = { type: 'rules', message };
    }
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<V> } : { values: values as V, errors: {} };
  };
}

/** A refusal's field messages (a 400's `errors`, or message lines that start with a field's name) back on their fields. */
export function setServerErrors<V extends FieldValues>(setError: UseFormSetError<V>, error: unknown, fields: readonly Path<V>[]): void {
  for (const [name, message] of Object.entries(fieldErrors(error, fields))) setError(name as Path<V>, { type: 'server', message });
}

/** A registered code field that keeps only the digits typed ("12ab3456" shows as "123456"). */
export function digitsOnly<N extends string>(field: UseFormRegisterReturn<N>): UseFormRegisterReturn<N> {
  return {
    ...field,
    onChange: (e: { target: HTMLInputElement }) => {
      e.target.value = e.target.value.replace(/\D/g, '');
      return field.onChange(e);
    },
  };
}
