// `npm test`: every check the project has, with one summary line at the end. Once the build is done, three lanes
// run one after the other (`--lanes`: side by side), each step of a lane after the one before it:
//   checks:   lint (+ lib graph) beside type-check (API + SPA) → Jest unit → medium (use cases and adapters on real
//             PostgreSQL) and e2e (HTTP, real PostgreSQL) in one Jest run → Vitest (SPA)
//   browser:  Playwright + Chromium against the real server (BROWSER_WORKERS workers, default 1, a server each)
//   servers:  processes (specs of a process of their own: the built server's start, the admin CLI, the OpenAPI
//             document's CLI checks) → faults (real processes killed) and cluster (two instances, one PostgreSQL, one
//             Redis, nginx running deploy/nginx.conf; where redis-server and nginx exist), in one Jest run of two workers
// On a 2-core machine every lane is CPU-bound: side by side they were slower (1,356 s against 1,230 s one after the
// other) and made the bounded fault tests fail on CI; more cores may gain. With `--lanes`, each step's output is
// printed in one piece when it ends (a line says when it starts). It ends with each step's wall time, the 10 slowest
// spec files and `Tests: N passed, N failed`.
// Options:
//   --only=lint,types,unit,medium,e2e,processes,faults,cluster,spa,browser   a subset (`e2e` brings the medium tier with it:
//                                                                  both are the database tiers of the Jest step)
//   --changed[=REF]     only the Jest specs that the change touches: files changed since REF (default: the merge-base
//                       with main), uncommitted and untracked ones included (docs/testing.md)
//   --related=FILE,…    the same for the named files
//   --lanes             the three lanes side by side (for machines with more than 2 cores)
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { availableParallelism } from 'node:os';
import { root } from './build-lib.mjs';

const arg = (name) => process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
const value = (name) => arg(name)?.slice(name.length + 3);
const changedMode = Boolean(arg('changed') || arg('related'));
// --changed / --related run the Jest tiers only, unless --only names others too
const only = (value('only') ?? (changedMode ? 'unit,medium,e2e,processes' : '')).split(',').filter(Boolean);
const wanted = (step) => only.length === 0 || only.includes(step) || (step === 'medium' && only.includes('e2e'));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const out = join(root, 'test-output');
mkdirSync(out, { recursive: true });

/** The steps' results, per lane (the summary lists them lane by lane). */
const lanes = { checks: [], browser: [], servers: [] };
let failedSteps = 0;
/** Set when two lanes or more run: a step's output then goes to a buffer, printed in one piece when the step ends. */
let buffered = false;

/** `buffer`: this step runs beside another of its lane, so its output is printed in one piece when it ends. */
function run(lane, label, cmd, args, { env = {}, count, buffer = false } = {}) {
  const started = Date.now();
  const quiet = buffered || buffer;
  process.stdout.write(quiet ? `\n▷ ${label}: started (${lane} lane; its output follows when it ends)\n` : `\n▶ ${label}\n`);
  const child = spawn(cmd, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
  const output = [];
  child.stdout?.on('data', (d) => output.push(d));
  child.stderr?.on('data', (d) => output.push(d));
  return new Promise((resolve) => {
    let finished = false;
    const done = (status) => {
      if (finished) return; // 'error' (the command could not start) may be followed by 'close'
      finished = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (quiet) process.stdout.write(`\n▶ ${label} (${seconds} s)\n${Buffer.concat(output).toString('utf8')}`);
      const ok = status === 0;
      const counts = count ? count() : { passed: 0, failed: ok ? 0 : 1 };
      if (!ok && counts.failed === 0) counts.failed = 1; // a crash before any test ran still fails the run
      if (!ok) failedSteps++;
      lanes[lane].push({ label, ok, seconds, ...counts });
      resolve();
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${cmd}: ${error.message}\n`));
      done(1);
    });
    child.on('close', (code) => done(code));
  });
}

/** Every spec file that ran, with its tier and wall time (from the Jest and Vitest JSON reports). */
const specFiles = [];
/** The spec groups of the database tiers, with where their time went (test/support/phase-times.ts). */
const tierShares = [];

function recordFiles(tier, report) {
  // A group file's spec files, each with its own wall time (test/support/spec-groups.ts writes them)
  const groups = join(out, 'spec-groups');
  // (only the Jest unit, medium and e2e tiers have groups: the other lane may be writing this folder while a process
  // tier ends)
  const grouped = ['unit', 'medium', 'e2e'].includes(tier) && existsSync(groups) ? readdirSync(groups).map((name) => JSON.parse(readFileSync(join(groups, name), 'utf8'))).filter((g) => g.tier === tier) : [];
  for (const g of grouped) for (const f of g.files) specFiles.push({ tier, ...f });
  if (grouped.length && tier !== 'unit') tierShares.push({ tier, groups: grouped });
  // (a Jest run of real-process tiers may hold two: each takes the spec files of its own folder)
  const folder = ['processes', 'faults', 'cluster', 'browser'].includes(tier) ? `test/${tier}/` : '';
  for (const r of report.testResults ?? []) {
    if (grouped.length && (r.testFilePath ?? r.name)?.includes('/test/groups/')) continue;
    const file = relative(root, r.testFilePath ?? r.name);
    if (!file.startsWith(folder)) continue;
    const start = r.perfStats?.start ?? r.startTime;
    const end = r.perfStats?.end ?? r.endTime;
    if (start && end) specFiles.push({ tier, file, seconds: (end - start) / 1000 });
  }
}

/** The counts of a Jest JSON report, and its spec files' times for the tiers it ran. */
function jestCounts(file, tiers) {
  return () => {
    if (!existsSync(file)) return { passed: 0, failed: 0 };
    const report = JSON.parse(readFileSync(file, 'utf8'));
    for (const tier of tiers) recordFiles(tier, report);
    return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) };
  };
}

function vitestCounts(file) {
  return () => {
    if (!existsSync(file)) return { passed: 0, failed: 0 };
    const report = JSON.parse(readFileSync(file, 'utf8'));
    recordFiles('spa', report);
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  };
}

/**
 * A Debian package a test tier needs (Chromium for the browser specs, redis-server for the shared
 * rate-limit storage): installed with apt-get when missing and we are root, otherwise one clear line.
 */
let aptUpdated = false;
function ensureDebianPackage(path, pkg, extra = []) {
  if (existsSync(path)) return true;
  if (process.getuid?.() !== 0) {
    process.stderr.write(`${pkg} is missing at ${path}: install it (sudo apt-get install -y ${pkg}).\n`);
    return false;
  }
  process.stdout.write(`Installing ${pkg} with apt-get…\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) aptUpdated = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0;
  // without Recommends, as .ci/run installs them (chromium's are a desktop's); `extra`: what a tier needs of them
  const install = aptUpdated && spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg, ...extra], { stdio: 'inherit', env });
  if (!install || install.status !== 0 || !existsSync(path)) {
    process.stderr.write(`${pkg} could not be installed with apt-get install -y ${pkg}.\n`);
    return false;
  }
  return true;
}

// Debian's Chromium as its headless shell (the browser specs' own: test/browser/support/browser.ts says why)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const BROWSER_WORKERS = process.env.BROWSER_WORKERS ?? '1';

/** A step that cannot run (a Debian package missing): one failed line in its lane's summary. */
function missingStep(lane, label) {
  failedSteps++;
  lanes[lane].push({ label, ok: false, seconds: '0.0', passed: 0, failed: 1 });
}

// The Debian packages first (apt-get blocks), then the build the lanes need.
const redisReady = !wanted('e2e') || ensureDebianPackage(REDIS_SERVER, 'redis-server');
const chromiumReady = !wanted('browser') || ensureDebianPackage(CHROMIUM, CHROMIUM.endsWith('/chromium-headless-shell') ? 'chromium-headless-shell' : 'chromium', ['fonts-liberation']);
// CI installs redis-server and nginx; elsewhere the cluster tier is skipped with one line unless it was asked for by name.
const clusterMissing = wanted('cluster')
  ? [
      [REDIS_SERVER, 'redis-server'],
      [NGINX, 'nginx'],
    ].filter(([path]) => !existsSync(path))
  : [];
const clusterReady = clusterMissing.length === 0 || (only.includes('cluster') && clusterMissing.every(([path, pkg]) => ensureDebianPackage(path, pkg)));
const selection = changedSelection();
if (['browser', 'e2e', 'processes', 'faults', 'cluster'].some(wanted)) await run('checks', 'build (API + SPA)', process.execPath, ['scripts/build.mjs', '--if-stale']);

// Jest's default (cores − 1) is one worker on a 2-core machine. Unit specs keep the CPU busy: two workers there. The
// database tiers' workers spend about two thirds of their time waiting (PostgreSQL, child processes; measured with
// the spec groups' CPU figures): one worker more than cores keeps the cores busy (each file has its own database).
// Back to back on this machine: the e2e groups in 238 s with 3 workers (CPU 413 s, load 5.3 → 4.4), 472 s with 2
// (CPU 487 s, load 4.4 → 10.1), 407 s with 2 earlier (load 1.8 → 6.2).
const workers = (tier) => String(tier === 'unit' ? Math.max(2, availableParallelism() - 1) : Math.max(3, availableParallelism() + 1));
const JEST_TIERS = [
  ['unit', 'unit (Jest: domain and use cases with in-memory fakes)'],
  ['medium', 'medium (Jest: use cases and adapters on real PostgreSQL, no HTTP)'],
  ['e2e', 'e2e (Jest: the app over HTTP on real PostgreSQL)'],
];

async function checksLane() {
  // Lint and the type-checks side by side: ESLint and tsc each keep one core busy (on this 2-core machine, back to
  // back: 37–40 s one after the other, 25–31 s side by side).
  const buffer = wanted('lint') && wanted('types');
  const lint = async () => {
    await run('checks', 'lint (ESLint, architecture boundaries, table ownership)', bin('eslint'), ['.', '--max-warnings=0', ...eslintCache()], { buffer });
    await run('checks', 'lib graph (acyclic, in the order of docs/lib-order.json)', process.execPath, ['scripts/check-lib-graph.mjs'], { buffer });
  };
  const types = async () => {
    await run('checks', 'type-check API (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], { buffer });
    await run('checks', 'type-check SPA (tsc)', bin('tsc'), ['--noEmit', '-p', 'frontend/tsconfig.json'], { buffer });
  };
  await Promise.all([wanted('lint') && lint(), wanted('types') && types()]);
  if (!redisReady) missingStep('checks', 'e2e (redis-server missing)');
  // (the groups' timings of an earlier run go either way: a run by path writes none, and must not show them)
  rmSync(join(out, 'spec-groups'), { recursive: true, force: true });
  // The two database tiers whole: one Jest run (one PostgreSQL, one template database, one start of Jest), whose
  // three workers take the medium groups and the e2e groups alike, instead of one step after the other.
  const together = !selection && wanted('medium') && wanted('e2e');
  for (const [tier, label] of JEST_TIERS) {
    if (!wanted(tier) || (together && tier === 'medium')) continue;
    const tiers = together && tier === 'e2e' ? ['medium', 'e2e'] : [tier];
    const specs = selection?.[tier];
    if (specs && specs.length === 0) {
      process.stdout.write(`\n▶ ${label}: nothing the change touches\n`);
      continue;
    }
    const file = join(out, `jest-${tier}.json`);
    rmSync(file, { force: true });
    // Whole tiers run in spec groups (test/support/spec-groups.ts: a group file loads the modules once for several
    // spec files); a selection runs its spec files one by one.
    const projects = specs ? [tier] : tiers.map((name) => `${name}-groups`);
    const args = ['--selectProjects', ...projects, `--maxWorkers=${workers(tier)}`, '--json', `--outputFile=${file}`];
    if (specs) args.push('--runTestsByPath', ...specs);
    const step = tiers.length > 1 ? 'medium and e2e (Jest: use cases and adapters, then the app over HTTP, on real PostgreSQL)' : label;
    await run('checks', step, bin('jest'), args, { count: jestCounts(file, tiers) });
  }
  if (wanted('spa')) {
    const file = join(out, 'vitest.json');
    rmSync(file, { force: true });
    await run('checks', 'Vitest (SPA components)', bin('vitest'), ['run', '--root', 'frontend', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
      count: vitestCounts(file),
    });
  }
}

/**
 * ESLint's cache (a file's result is kept while its content is the same), in var/ beside the type-checks' build info:
 * on this 2-core machine a second run lints in 2–4 s instead of 16–22 s. ESLint keys each file's entry on the
 * file and the config, not on what a rule reads or how it is written, so the cache file is named after those: the
 * config, the project's own rules, the table map the ownership rule reads and the lockfile (the plugins' versions).
 * A change to any of them starts a new cache; the old ones are removed.
 */
function eslintCache() {
  const inputs = ['eslint.config.mjs', 'docs/table-ownership.json', 'package-lock.json', ...readdirSync(join(root, 'scripts/eslint')).filter((f) => f.endsWith('.mjs')).map((f) => `scripts/eslint/${f}`)];
  const hash = createHash('sha256');
  for (const file of inputs.sort()) hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  const name = `eslint-${hash.digest('hex').slice(0, 16)}.cache`;
  const dir = join(root, 'var');
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir).filter((f) => /^eslint-[0-9a-f]{16}\.cache$/.test(f) && f !== name)) rmSync(join(dir, old), { force: true });
  return ['--cache', '--cache-strategy', 'content', '--cache-location', join(dir, name)];
}

/** Jest tiers of real processes (browser, processes, faults, cluster) in one run, with its JSON report for the counts. */
function processTier(lane, tiers, label, args) {
  const file = join(out, `${tiers.join('-')}.json`);
  rmSync(file, { force: true });
  return run(lane, label, bin('jest'), ['--selectProjects', ...tiers, ...args, '--json', `--outputFile=${file}`], { count: jestCounts(file, tiers) });
}

async function browserLane() {
  if (!wanted('browser')) return;
  // One worker by default; BROWSER_WORKERS=2 gives each of two workers its own server (test/browser/support/global-setup.ts).
  // On 2 cores the tier is CPU-bound: 766.8 s on two workers against 796.0 s on one (idle), and two servers beside
  // two Chromiums make the load-sensitive pages slower; more cores gain more.
  if (chromiumReady) await processTier('browser', ['browser'], 'browser (Playwright + Chromium against the real server)', [`--maxWorkers=${BROWSER_WORKERS}`]);
  else missingStep('browser', 'browser (Chromium missing)');
}

async function serversLane() {
  if (wanted('processes')) {
    const specs = selection?.processes;
    if (specs && specs.length === 0) process.stdout.write('\n▶ processes: nothing the change touches\n');
    // two workers: each spec mostly waits for its child process
    else await processTier('servers', ['processes'], 'processes (the built server started, the admin CLI, the API document\u2019s CLI checks)', ['--maxWorkers=2', ...(specs ? ['--runTestsByPath', ...specs] : [])]);
  }
  // The faults and the cluster tiers in one Jest run of two workers: about half of their time is waiting (restarts,
  // drains, timeouts, a load at a set rate), and each spec file has processes and ports of its own. On this 2-core
  // machine: 105 s against 203 s one file at a time (112.5 s + 90.6 s); all three server tiers in one run of three
  // workers took 158 s against 156 s for processes then these two, and stretched every spec file more.
  const cluster = wanted('cluster') && clusterReady;
  if (wanted('cluster') && !clusterReady) {
    const names = clusterMissing.map(([path, pkg]) => `${pkg} at ${path}`).join(', ');
    if (only.includes('cluster')) missingStep('servers', `cluster (${clusterMissing.map(([, pkg]) => pkg).join(' and ')} missing)`);
    else process.stdout.write(`\n▶ cluster: skipped (not installed: ${names})\n`);
  }
  const tiers = [...(wanted('faults') ? ['faults'] : []), ...(cluster ? ['cluster'] : [])];
  const labels = {
    faults: 'faults (the built server killed, SIGTERMed, its PostgreSQL frozen and killed)',
    cluster: 'cluster (two API instances, one PostgreSQL, one Redis; nginx running deploy/nginx.conf)',
  };
  if (tiers.length) await processTier('servers', tiers, tiers.map((t) => labels[t]).join(' and '), ['--maxWorkers=2']);
}

// One lane after the other by default; `--lanes` runs them side by side. On CI's 2 cores (stop 38), side by side
// made every step slower than its documented bounds allow: the built server took 35 s to become healthy, and an overload
// fault and a cluster test went red. One after the other, the same CI had passed (stop 37), and on this 2-core machine
// the whole run took 1,230 s against 1,356 s side by side (idle at the start both times). With one lane at a time,
// the output streams as it comes.
const lanesWanted = [['lint', 'types', 'unit', 'medium', 'e2e', 'spa'], ['browser'], ['processes', 'faults', 'cluster']].filter((steps) => steps.some(wanted)).length;
if (arg('lanes')) {
  buffered = lanesWanted > 1;
  await Promise.all([checksLane(), browserLane(), serversLane()]);
} else {
  await checksLane();
  await browserLane();
  await serversLane();
}

const results = Object.values(lanes).flat();
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
process.stdout.write('\nSummary (wall time of each step)\n');
for (const r of results) process.stdout.write(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.label}: ${r.passed} passed, ${r.failed} failed (${r.seconds} s)\n`);
if (specFiles.length) {
  process.stdout.write('\nSlowest spec files\n');
  for (const f of [...specFiles].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    const cpu = f.cpuSeconds === undefined ? '' : `  (CPU ${f.cpuSeconds.toFixed(1)} s, app boots ${((f.phases?.boot?.wallMs ?? 0) / 1000).toFixed(1)} s)`;
    process.stdout.write(`  ${f.seconds.toFixed(1).padStart(6)} s  ${f.tier.padEnd(7)} ${f.file}${cpu}\n`);
  }
}
for (const { tier, groups } of tierShares) process.stdout.write(`\n${timeShares(tier, groups)}`);
process.stdout.write(`\nTests: ${passed} passed, ${failed} failed\n`);
process.exit(failedSteps || failed ? 1 : 0);

/**
 * Where a database tier's time went, summed over its spec groups (wall seconds, and the Jest workers' CPU seconds):
 * loading the app's modules once per group, then per spec file the database copies, the app boots, the closes
 * (with the drops), and the rest (the tests and their set-up). PostgreSQL's CPU is its own and not counted.
 */
function timeShares(tier, groups) {
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  const files = groups.flatMap((g) => g.files);
  const phase = (name, key) => sum(files.map((f) => f.phases?.[name]?.[key] ?? 0)) / (key === 'count' ? 1 : 1000);
  const load = { wall: sum(groups.map((g) => g.load?.seconds ?? 0)), cpu: sum(groups.map((g) => g.load?.cpuSeconds ?? 0)) };
  const total = { wall: load.wall + sum(files.map((f) => f.seconds)), cpu: load.cpu + sum(files.map((f) => f.cpuSeconds ?? 0)) };
  const parts = [
    ['module loading (once per group)', load.wall, load.cpu],
    [`database copies (${phase('database', 'count')})`, phase('database', 'wallMs'), phase('database', 'cpuMs')],
    [`app boots (${phase('boot', 'count')})`, phase('boot', 'wallMs'), phase('boot', 'cpuMs')],
    ['app closes and drops', phase('close', 'wallMs'), phase('close', 'cpuMs')],
  ];
  parts.push(['tests and their set-up', total.wall - sum(parts.map((p) => p[1])), total.cpu - sum(parts.map((p) => p[2]))]);
  const pct = (part, whole) => (whole > 0 ? `${Math.round((100 * part) / whole)} %` : '-').padStart(5);
  const lines = parts.map(([what, wall, cpu]) => `  ${what.padEnd(34)} ${wall.toFixed(1).padStart(7)} s ${pct(wall, total.wall)}  ${cpu.toFixed(1).padStart(7)} s ${pct(cpu, total.cpu)}`);
  return [`Where the ${tier} tier's time went (${files.length} spec files in ${groups.length} groups; wall summed over the workers, then CPU)`, ...lines, `  ${'total'.padEnd(34)} ${total.wall.toFixed(1).padStart(7)} s        ${total.cpu.toFixed(1).padStart(7)} s`, ''].join('\n');
}

/**
 * --changed[=REF] / --related=FILE,…: per Jest tier, the spec files the change touches (null: no such option).
 * unit: Jest's own graph (`--listTests --findRelatedTests`): a spec that imports a changed file, even through others.
 * medium and e2e: every such spec imports the whole app through test/support/test-app.ts, so the graph would name all
 * of them for any change; instead a spec is touched when it changed itself, imports a changed file of test/ or apps/
 * by path, or names a changed lib (`@mirrorline/<lib>`, or a file name starting with the lib's first word:
 * libs/copy-trading → copy-*.e2e-spec.ts).
 */
function changedSelection() {
  const files = changedFiles();
  if (!files) return null;
  process.stdout.write(`\nChanged files (${files.length}):\n${files.map((f) => `  ${f}`).join('\n') || '  none'}\n`);
  const existing = files.filter((f) => existsSync(join(root, f)));
  const listed = existing.length ? spawnSync(bin('jest'), ['--selectProjects', 'unit', '--listTests', '--findRelatedTests', ...existing], { cwd: root, encoding: 'utf8' }) : { stdout: '' };
  const libs = [...new Set(files.filter((f) => f.startsWith('libs/')).map((f) => f.split('/')[1]))];
  const modules = files.filter((f) => /^(test|apps)\/.*\.ts$/.test(f)).map((f) => f.replace(/\.ts$/, '').split('/').slice(-2).join('/'));
  const touched = (spec) => {
    if (files.includes(spec)) return true;
    const text = readFileSync(join(root, spec), 'utf8');
    const name = spec.split('/').pop();
    return libs.some((lib) => text.includes(`@mirrorline/${lib}'`) || name.startsWith(lib.split('-')[0])) || modules.some((m) => text.includes(`${m}'`));
  };
  const specs = walk(join(root, 'test')).filter((f) => !f.startsWith('test/browser/'));
  const selection = {
    unit: listed.stdout.split('\n').filter((line) => line.startsWith('/')).map((line) => relative(root, line)),
    medium: specs.filter((f) => f.endsWith('.medium-spec.ts') && touched(f)),
    e2e: specs.filter((f) => f.endsWith('.e2e-spec.ts') && touched(f)),
    processes: specs.filter((f) => f.endsWith('.process-spec.ts') && touched(f)),
  };
  for (const tier of ['unit', 'medium', 'e2e', 'processes']) process.stdout.write(`${tier}: ${selection[tier].length ? selection[tier].join(' ') : 'none'}\n`);
  return selection;
}

/** The files --changed or --related names, relative to the root; null without either option. */
function changedFiles() {
  const related = value('related');
  if (related !== undefined) return related.split(',').filter(Boolean).map((f) => relative(root, join(root, f)));
  if (!arg('changed')) return null;
  const git = (...args) => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
    return r.stdout.split('\n').filter(Boolean);
  };
  let ref = value('changed');
  if (!ref) {
    try {
      ref = git('merge-base', 'HEAD', 'main')[0];
    } catch {
      ref = 'HEAD'; // no main branch here (a CI clone): what is not committed yet
    }
  }
  return [...new Set([...git('diff', '--name-only', ref), ...git('ls-files', '--others', '--exclude-standard')])].sort();
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path);
    return [relative(root, path)];
  });
}
