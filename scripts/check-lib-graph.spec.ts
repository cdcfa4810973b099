import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// The lib-graph check (scripts/check-lib-graph.mjs, run by `npm test` in the lint tier) against small planted
// repositories: it must fail on a cycle, on an import against the declared order and on an undeclared lib,
// and pass on the real repository. The script is ESM, so it runs in a child node as in npm test.
const root = join(__dirname, '..');
const script = join(root, 'scripts', 'check-lib-graph.mjs');

function check(dir: string): { status: number | null; errors: string[] } {
  const child = spawnSync(process.execPath, [script, '--root', dir, '--json'], { encoding: 'utf8' });
  return { status: child.status, errors: (JSON.parse(child.stdout) as { errors: string[] }).errors };
}

function plant(files: Record<string, string>, order: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'lib-graph-'));
  writeFileSync(join(dir, 'package.json'), '{}');
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'lib-order.json'), JSON.stringify({ order }));
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
  return dir;
}

describe('lib graph check (scripts/check-lib-graph.mjs, docs/lib-order.json)', () => {
  const dirs: string[] = [];
  const planted = (files: Record<string, string>, order: string[]) => {
    const dir = plant(files, order);
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  const clean = {
    'libs/shared/src/index.ts': "export const x = 1;\n",
    'libs/accounts/src/index.ts': "import { x } from '@mirrorline/shared';\nexport const y = x;\n",
    'libs/auth/src/index.ts': "export * from './thing';\n",
    'libs/auth/src/thing.ts': "import type { y } from '@mirrorline/accounts';\nexport type Z = typeof y;\n",
    'apps/api/src/main.ts': "import '@mirrorline/auth';\nimport '@mirrorline/accounts';\n",
  };
  const order = ['shared', 'accounts', 'auth'];

  it('passes on an acyclic graph in the declared order', () => {
    expect(check(planted(clean, order))).toEqual({ status: 0, errors: [] });
  });

  it('fails on a planted cycle, naming the loop and the file of each edge', () => {
    const dir = planted({ ...clean, 'libs/accounts/src/role.ts': "export type { Z } from '@mirrorline/auth';\n" }, order);
    const { status, errors } = check(dir);
    expect(status).toBe(1);
    const cycle = errors.filter((e) => e.startsWith('cycle'));
    expect(cycle).toEqual([
      'cycle between libs accounts, auth: accounts → auth (libs/accounts/src/role.ts:1); auth → accounts (libs/auth/src/thing.ts:1)',
    ]);
    expect(errors).toContain(
      'lib "accounts" imports "auth", which comes after it in docs/lib-order.json: libs/accounts/src/role.ts:1 (@mirrorline/auth)',
    );
  });

  it('fails on an import against the declared order even without a cycle (also by relative path and dynamic import)', () => {
    const dir = planted(
      {
        ...clean,
        'libs/shared/src/late.ts': "import { Z } from '../../auth/src/thing';\nexport const z: Z | null = null;\n",
        'libs/shared/src/lazy.ts': "export const load = () => import('@mirrorline/accounts');\n",
      },
      order,
    );
    const { status, errors } = check(dir);
    expect(status).toBe(1);
    expect(errors).toEqual(
      expect.arrayContaining([
        'lib "shared" imports "auth", which comes after it in docs/lib-order.json: libs/shared/src/late.ts:1 (../../auth/src/thing)',
        'lib "shared" imports "accounts", which comes after it in docs/lib-order.json: libs/shared/src/lazy.ts:1 (@mirrorline/accounts)',
      ]),
    );
    expect(errors.some((e) => e.startsWith('cycle'))).toBe(true); // shared ↔ accounts/auth also loop
  });

  it('fails on an order violation alone (no cycle): a lower lib importing a higher one that imports nothing back', () => {
    const dir = planted({ 'libs/shared/src/index.ts': "import '@mirrorline/auth';\n", 'libs/auth/src/index.ts': 'export {};\n' }, ['shared', 'auth']);
    expect(check(dir)).toEqual({
      status: 1,
      errors: ['lib "shared" imports "auth", which comes after it in docs/lib-order.json: libs/shared/src/index.ts:1 (@mirrorline/auth)'],
    });
  });

  it('fails on a lib the order does not declare, and on a lib importing the app', () => {
    const dir = planted({ ...clean, 'libs/extra/src/index.ts': "import '../../../apps/api/src/main';\n" }, order);
    const { status, errors } = check(dir);
    expect(status).toBe(1);
    expect(errors).toEqual([
      'lib "extra" is not in docs/lib-order.json: add it where its imports allow.',
      'lib "extra" imports the app: libs/extra/src/index.ts:1 (../../../apps/api/src/main)',
    ]);
  });

  it('the repository itself passes', () => {
    expect(check(root)).toEqual({ status: 0, errors: [] });
  });
});
