/**
 * Waits until `check` holds, polling every `intervalMs`, and resolves with its last truthy value; fails with
 * `what` once `timeoutMs` passed. The deadline is generous on purpose (default 30 s): it bounds a broken case,
 * it is not a speed requirement, so a spec passes on a machine three times slower (speed targets live in bench/).
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 30_000, intervalMs = 25, what = 'the condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
