// Times `npm start` to a healthy /api/health: cold (no dist/, no frontend/dist/, empty data dir → build,
// initdb, migrations, demo data) and warm (second start on the same data). Targets: cold ≤ 15 s, warm ≤ 8 s.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../../scripts/build-lib.mjs';
import { freePort } from '../lib.mjs';


async function timeStart(label, env) {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${env.PORT}/api/health`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label}: exited early\n${log}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      /* not yet */
    }
    if (performance.now() - started > 120_000) throw new Error(`${label}: not healthy after 120 s\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const stopStarted = performance.now();
  child.kill('SIGINT');
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const stopSeconds = (performance.now() - stopStarted) / 1000;
  console.log(`${label.padEnd(6)} start → healthy: ${seconds.toFixed(2)} s; stop on SIGINT: ${stopSeconds.toFixed(2)} s (exit ${code})`);
  return seconds;
}

const dataDir = mkdtempSync(join(tmpdir(), 'mirrorline-bench-start-'));
chmodSync(dataDir, 0o755);
const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-password' };
rmSync(join(root, 'dist'), { recursive: true, force: true });
rmSync(join(root, 'frontend', 'dist'), { recursive: true, force: true });
const cold = await timeStart('cold', env);
const warm = await timeStart('warm', env);
console.log(`targets: cold ≤ 15 s → ${cold <= 15 ? 'met' : 'MISSED'}; warm ≤ 8 s → ${warm <= 8 ? 'met' : 'MISSED'}`);
rmSync(dataDir, { recursive: true, force: true });
