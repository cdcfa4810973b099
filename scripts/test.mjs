// `npm test`: every check the project has, in order, with one summary line at the end.
//   lint (+ lib graph) → type-check (API + SPA) → build → Jest unit + e2e (real PostgreSQL) → faults (real processes killed)
//   → cluster (two instances, one PostgreSQL, one Redis; where redis-server exists) → Vitest (SPA) → browser (Chromium)
// Options: --only=lint,types,unit,e2e,faults,cluster,spa,browser to run a subset.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { root } from './build-lib.mjs';

const only = (process.argv.find((a) => a.startsWith('--only=')) ?? '').slice(7).split(',').filter(Boolean);
const wanted = (step) => only.length === 0 || only.includes(step);
const bin = (name) => join(root, 'node_modules', '.bin', name);
const out = join(root, 'test-output');
mkdirSync(out, { recursive: true });

const results = [];
let failedSteps = 0;

function run(label, cmd, args, { env = {}, count } = {}) {
  const started = Date.now();
  process.stdout.write(`\n▶ ${label}\n`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = r.status === 0;
  const counts = count ? count() : { passed: 0, failed: ok ? 0 : 1 };
  if (!ok && counts.failed === 0) counts.failed = 1; // a crash before any test ran still fails the run
  if (!ok) failedSteps++;
  results.push({ label, ok, seconds, ...counts });
}

function jestCounts(file) {
  return () => {
    if (!existsSync(file)) return { passed: 0, failed: 0 };
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) };
  };
}

function vitestCounts(file) {
  return () => {
    if (!existsSync(file)) return { passed: 0, failed: 0 };
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  };
}

/**
 * A Debian package a test tier needs (Chromium for the browser specs, redis-server for the shared
 * rate-limit storage): installed with apt-get when missing and we are root, otherwise one clear line.
 */
let aptUpdated = false;
function ensureDebianPackage(path, pkg) {
  if (existsSync(path)) return true;
  if (process.getuid?.() !== 0) {
    process.stderr.write(`${pkg} is missing at ${path}: install it (sudo apt-get install -y ${pkg}).\n`);
    return false;
  }
  process.stdout.write(`Installing ${pkg} with apt-get…\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) aptUpdated = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0;
  const install = aptUpdated && spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  if (!install || install.status !== 0 || !existsSync(path)) {
    process.stderr.write(`${pkg} could not be installed with apt-get install -y ${pkg}.\n`);
    return false;
  }
  return true;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

if (wanted('lint')) {
  run('lint (ESLint, architecture boundaries, table ownership)', bin('eslint'), ['.', '--max-warnings=0']);
  run('lib graph (acyclic, in the order of docs/lib-order.json)', process.execPath, ['scripts/check-lib-graph.mjs']);
}
if (wanted('types')) {
  run('type-check API (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  run('type-check SPA (tsc)', bin('tsc'), ['--noEmit', '-p', 'frontend/tsconfig.json']);
}
if (['browser', 'e2e', 'faults', 'cluster'].some(wanted)) run('build (API + SPA)', process.execPath, ['scripts/build.mjs', '--if-stale']);
if (wanted('e2e') && !ensureDebianPackage(REDIS_SERVER, 'redis-server')) {
  failedSteps++;
  results.push({ label: 'e2e (redis-server missing)', ok: false, seconds: '0.0', passed: 0, failed: 1 });
}
if (wanted('unit') || wanted('e2e')) {
  const projects = ['unit', 'e2e'].filter(wanted);
  const file = join(out, 'jest.json');
  rmSync(file, { force: true });
  // Jest's default (cores − 1) is one worker on a 2-core machine, where the e2e files spend much of their time
  // waiting on PostgreSQL: two workers keep both cores busy (each file has its own database).
  const workers = String(Math.max(2, availableParallelism() - 1));
  run(`Jest (${projects.join(' + ')}; e2e against real PostgreSQL)`, bin('jest'), ['--selectProjects', ...projects, `--maxWorkers=${workers}`, '--json', `--outputFile=${file}`], {
    count: jestCounts(file),
  });
}
if (wanted('faults')) {
  const file = join(out, 'faults.json');
  rmSync(file, { force: true });
  run('faults (the built server killed, SIGTERMed, its PostgreSQL frozen and killed)', bin('jest'), ['--selectProjects', 'faults', '--runInBand', '--json', `--outputFile=${file}`], {
    count: jestCounts(file),
  });
}
if (wanted('cluster')) {
  // CI installs redis-server; elsewhere the tier is skipped with one line unless it was asked for by name.
  if (existsSync(REDIS_SERVER) || (only.includes('cluster') && ensureDebianPackage(REDIS_SERVER, 'redis-server'))) {
    const file = join(out, 'cluster.json');
    rmSync(file, { force: true });
    run('cluster (two API instances, one PostgreSQL, one Redis)', bin('jest'), ['--selectProjects', 'cluster', '--runInBand', '--json', `--outputFile=${file}`], {
      count: jestCounts(file),
    });
  } else if (only.includes('cluster')) {
    failedSteps++;
    results.push({ label: 'cluster (redis-server missing)', ok: false, seconds: '0.0', passed: 0, failed: 1 });
  } else {
    process.stdout.write(`\n▶ cluster: skipped (no redis-server at ${REDIS_SERVER})\n`);
  }
}
if (wanted('spa')) {
  const file = join(out, 'vitest.json');
  rmSync(file, { force: true });
  run('Vitest (SPA components)', bin('vitest'), ['run', '--root', 'frontend', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
    count: vitestCounts(file),
  });
}
if (wanted('browser')) {
  if (ensureDebianPackage(CHROMIUM, 'chromium')) {
    const file = join(out, 'browser.json');
    rmSync(file, { force: true });
    run('browser (Playwright + Chromium against the real server)', bin('jest'), ['--selectProjects', 'browser', '--runInBand', '--json', `--outputFile=${file}`], {
      count: jestCounts(file),
    });
  } else {
    failedSteps++;
    results.push({ label: 'browser (Chromium missing)', ok: false, seconds: '0.0', passed: 0, failed: 1 });
  }
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
process.stdout.write('\nSummary\n');
for (const r of results) process.stdout.write(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.label}: ${r.passed} passed, ${r.failed} failed (${r.seconds} s)\n`);
process.stdout.write(`\nTests: ${passed} passed, ${failed} failed\n`);
process.exit(failedSteps || failed ? 1 : 0);
