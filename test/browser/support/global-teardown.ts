import type { ChildProcess } from 'node:child_process';
import { codeUseSummary } from './admin';
import { stopServer } from './server';

interface Started {
  mailDir: string;
  server: { process: ChildProcess };
  mail: { close: () => Promise<void> };
}

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __MIRRORLINE_CHROMIUM__?: { close(): Promise<void> } }).__MIRRORLINE_CHROMIUM__?.close();
  const started = (globalThis as { __MIRRORLINE_BROWSER__?: Started[] }).__MIRRORLINE_BROWSER__ ?? [];
  for (const { mailDir } of started) {
    const use = codeUseSummary(mailDir);
    if (use) process.stdout.write(`\n${use}\n`);
  }
  await Promise.all(started.map(async ({ server, mail }) => {
    await stopServer(server.process);
    await mail.close();
  }));
}
