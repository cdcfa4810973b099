// Build helpers shared by `npm start`, `npm run build` and the test runner.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(join(p, entry));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  paths.forEach((p) => visit(join(root, p)));
  return newest;
}

const mtime = (p) => (existsSync(join(root, p)) ? statSync(join(root, p)).mtimeMs : 0);

export const apiStamp = 'dist/.api-build';
export const apiIsStale = () => mtime(apiStamp) < newestMtime(['apps', 'libs', '.swcrc', 'package-lock.json']);
export const spaIsStale = () =>
  mtime('frontend/dist/index.html') <
  newestMtime(['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'frontend/package.json']);

function run(cmd, args, label, env = process.env) {
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    process.stderr.write(`${label} failed (exit ${result.status ?? result.signal}).\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`${label} done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Compiles apps/ and libs/ with SWC (type checking is `npm test`'s job, not start-up's). */
export function buildApi() {
  run(bin('swc'), ['apps', 'libs', '-d', 'dist', '--config-file', '.swcrc', '--quiet', '--ignore', '**/*.spec.ts'], 'API build');
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, apiStamp), new Date().toISOString());
}

/**
 * Always the production bundle. Vite keeps a NODE_ENV it inherits, and the builds the specs start inherit Jest's
 * NODE_ENV=test: that made React's and lightweight-charts' development builds (twice the JavaScript, and every
 * development check at run time), which the browser tier and then `npm start` served until the next change.
 * `outDir`: elsewhere than frontend/dist (test/processes/spa-build.process-spec.ts).
 */
export function buildSpa({ outDir } = {}) {
  const args = ['build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn', ...(outDir ? ['--outDir', outDir, '--emptyOutDir'] : [])];
  run(bin('vite'), args, 'SPA build', { ...process.env, NODE_ENV: 'production' });
}

export function buildIfStale({ force = false } = {}) {
  if (force || apiIsStale()) buildApi();
  if (force || spaIsStale()) buildSpa();
}
