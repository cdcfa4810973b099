import type { ChildProcess } from 'node:child_process';
import { codeUseSummary } from './admin';
import { stopServer } from './server';

export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as { __MIRRORLINE_BROWSER__?: { server: { process: ChildProcess }; mail: { close: () => Promise<void> } } })
    .__MIRRORLINE_BROWSER__;
  if (!state) return;
  const use = codeUseSummary();
  if (use) process.stdout.write(`\n${use}\n`);
  await stopServer(state.server.process);
  await state.mail.close();
}
