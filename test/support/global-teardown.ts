export default async function globalTeardown(): Promise<void> {
  const pg = (globalThis as { __MIRRORLINE_PG__?: { stop(): Promise<void> } }).__MIRRORLINE_PG__;
  await pg?.stop();
}
