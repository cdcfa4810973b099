import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * Runs a form's resolver as react-hook-form does on submit: `messages` maps each field in error to its message
 * (`{}` when the form passes), `values` is what the submit handler would get.
 */
export async function resolveForm<V extends FieldValues>(resolver: Resolver<V>, values: V): Promise<{ messages: Record<string, string | undefined>; values: V }> {
  const out = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const messages = Object.fromEntries(Object.entries(out.errors).map(([name, e]) => [name, (e as { message?: string } | undefined)?.message]));
  return { messages, values: out.values as V };
}
