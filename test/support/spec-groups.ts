import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Logger } from '@nestjs/common';
import { __resetOutOfContextForTests as resetPinoOutOfContext } from 'nestjs-pino/PinoLogger';
import { cpuMs, phaseTimes, type PhaseTime } from './phase-times';

/**
 * Spec groups: how `npm test` runs the database tiers (docs/testing.md, "Spec groups").
 *
 * Jest gives every spec file a module registry of its own, so each e2e or medium file used to load the whole app
 * (NestJS, MikroORM, knex, every lib: most of a file's time on a loaded machine, far more than booting the app on
 * its database copy). A group file loads the app's modules once and runs several spec files in it, one after the
 * other, each in a `describe` named after its file. Nothing else is shared: each spec file still boots its own app
 * (`createTestApp`) on its own copy of the template database, with its own config, clock and feed, and closes it.
 * The spec files stay as they are, and `npx jest test/x.e2e-spec.ts --selectProjects e2e` runs one alone.
 * What the files of a group do share are the modules and their state: the loggers' (Nest's static Logger, which an
 * app points at its own pino; nestjs-pino's logger outside requests) are put back before each file, as a fresh
 * registry has them (below); a spy on a shared object (`Logger.prototype`, `process.stdout`) is restored by the
 * spec that made it (try/finally or its afterAll), not left for the next file; spies on the spec's own app
 * (`t.app.get(Clock)`) go with the app. Nothing restores them all at the end of a file: a spec may make its spies
 * while its describe is collected, before any file of the group has run.
 */
const ROOT = join(__dirname, '..', '..');
/** Where the group files are: `<tier>-<n>.group-spec.ts`, n = 1 … the tier's `groups`. */
const GROUPS_DIR = join(ROOT, 'test', 'groups');
/** How many group files each tier is split into. */
const GROUP_COUNTS = { e2e: 6, medium: 2, unit: 2 } as const;
type Tier = keyof typeof GROUP_COUNTS;
/** The folders and file suffix of each tier: its Jest project's roots and match, read from jest.config.js (one source). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.config.js is CommonJS without types
const PROJECTS = (require(join(ROOT, 'jest.config.js')) as { projects: Array<{ displayName: string; roots: string[]; testMatch: string[] }> }).projects;
const TIERS = Object.fromEntries(
  (Object.keys(GROUP_COUNTS) as Tier[]).map((tier) => {
    const project = PROJECTS.find((p) => p.displayName === tier)!;
    return [tier, { dirs: project.roots.map((root) => root.replace('<rootDir>', ROOT)), suffix: project.testMatch[0].replace('**/*', ''), groups: GROUP_COUNTS[tier] }];
  }),
) as Record<Tier, { dirs: string[]; suffix: string; groups: number }>;
/** Folders of other tiers under test/ (the e2e project ignores test/browser; the others match other suffixes). */
const SKIPPED_DIRS = new Set(['browser', 'node_modules']);

/** Each spec file of the tier (what its Jest project matches) with its size. */
function specFiles(tier: Tier): Array<{ path: string; size: number }> {
  const { dirs, suffix } = TIERS[tier];
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
      const path = join(at, entry.name);
      if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : walk(path);
      return entry.name.endsWith(suffix) ? [path] : [];
    });
  return dirs
    .flatMap(walk)
    .sort()
    .map((path) => ({ path, size: statSync(path).size }));
}

/**
 * The measured wall seconds of each spec file in a full run (test/groups/weights.json, written by
 * `node scripts/spec-weights.mjs` from test-output/spec-groups/ after `npm test`): the weight the groups are
 * balanced on. A file not measured yet weighs its size times the measured files' seconds per byte.
 */
export const WEIGHTS_FILE = join(GROUPS_DIR, 'weights.json');

function weighted(tier: Tier): Array<{ path: string; weight: number }> {
  const measured: Record<string, number> = existsSync(WEIGHTS_FILE) ? ((JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as Record<string, Record<string, number>>)[tier] ?? {}) : {};
  const files = specFiles(tier).map((f) => ({ ...f, seconds: measured[relative(ROOT, f.path)] as number | undefined }));
  const known = files.filter((f) => f.seconds !== undefined);
  const perByte = known.length ? known.reduce((n, f) => n + f.seconds!, 0) / known.reduce((n, f) => n + f.size, 0) : 1;
  return files.map((f) => ({ path: f.path, weight: f.seconds ?? f.size * perByte }));
}

/**
 * The spec files of group `index` (1-based) of the tier: the heaviest first, each to the lightest group so far. The
 * same files and weights always make the same groups (every worker computes them alike), and every spec file of the
 * tier is in exactly one of them.
 */
export function groupFiles(tier: Tier, index: number): string[] {
  const groups = Array.from({ length: TIERS[tier].groups }, () => ({ weight: 0, files: [] as string[] }));
  for (const file of weighted(tier).sort((a, b) => b.weight - a.weight || a.path.localeCompare(b.path))) {
    const lightest = groups.reduce((min, g) => (g.weight < min.weight ? g : min));
    lightest.weight += file.weight;
    lightest.files.push(file.path);
  }
  return groups[index - 1].files.sort();
}

/**
 * Registers the spec files of one group in the calling group file. Each runs in a `describe` named after its file,
 * and its wall time (from its first hook to its last) goes to test-output/spec-groups/ for the "slowest spec files"
 * of `npm test`.
 */
export function runGroup(tier: Tier, index: number): void {
  // a group file missing (or one too many) would leave spec files out of `npm test` without a word
  const groupFileNames = readdirSync(GROUPS_DIR).filter((name) => name.startsWith(`${tier}-`) && name.endsWith('.group-spec.ts'));
  const expected = Array.from({ length: TIERS[tier].groups }, (_, i) => `${tier}-${i + 1}.group-spec.ts`);
  if (groupFileNames.sort().join() !== expected.sort().join()) {
    throw new Error(`test/groups must hold exactly ${expected.join(', ')} (found ${groupFileNames.join(', ') || 'none'})`);
  }
  const times: Array<{ file: string; seconds: number; cpuSeconds: number; phases: Record<string, PhaseTime> }> = [];
  // loading the group's spec files (and through them the app's modules), before any of them runs
  const load = { wall: Date.now(), cpu: cpuMs() };
  // Nest's static Logger as a fresh registry has it (no app made yet): each app points it at its own pino
  // (app.useLogger), where a later file's `new Logger(…)` outside any app would still write
  const nestLogger = Logger as unknown as { staticInstanceRef?: unknown; logLevels?: unknown };
  const fresh = { ref: nestLogger.staticInstanceRef, levels: nestLogger.logLevels };
  for (const path of groupFiles(tier, index)) {
    const file = relative(ROOT, path);
    describe(file, () => {
      let started = 0;
      let startedCpu = 0;
      let phasesBefore: Record<string, PhaseTime> = {};
      beforeAll(() => {
        started = Date.now();
        startedCpu = cpuMs();
        phasesBefore = phaseTimes();
        // nestjs-pino keeps the logger of the first app a registry made for every later app's lines outside a
        // request (module state): each spec file's app gets its own, as it does when the file runs alone
        // (test/auth-logging.e2e-spec.ts reads its app's log); and Nest's static Logger no longer points at the
        // last file's app (test/database-monitor.e2e-spec.ts logs without an app).
        resetPinoOutOfContext();
        nestLogger.staticInstanceRef = fresh.ref;
        nestLogger.logLevels = fresh.levels;
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path);
      // declared after the spec file's own hooks, so it runs after its afterAll (its app closed)
      afterAll(() => {
        // fake timers a spec file left on would stop the next file's timers (the unit specs turn them off themselves)
        jest.useRealTimers();
        const phases = Object.fromEntries(
          Object.entries(phaseTimes()).map(([phase, t]) => {
            const before = phasesBefore[phase] ?? { wallMs: 0, cpuMs: 0, count: 0 };
            return [phase, { wallMs: t.wallMs - before.wallMs, cpuMs: t.cpuMs - before.cpuMs, count: t.count - before.count }];
          }),
        );
        times.push({ file, seconds: (Date.now() - started) / 1000, cpuSeconds: (cpuMs() - startedCpu) / 1000, phases });
      });
    });
  }
  const loaded = { seconds: (Date.now() - load.wall) / 1000, cpuSeconds: (cpuMs() - load.cpu) / 1000 };
  afterAll(() => {
    const dir = join(ROOT, 'test-output', 'spec-groups');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${tier}-${index}.json`), JSON.stringify({ tier, group: index, load: loaded, files: times }));
  });
}
