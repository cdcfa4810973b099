import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The table ownership rule (scripts/eslint/table-ownership.mjs) through the real eslint.config.mjs: small
// sources linted as if they lived at given paths. ESLint loads its ESM config with a real import(), which
// Jest's VM cannot run, so the linting happens in a child node (as in boundaries.spec.ts).
const root = join(__dirname, '..', '..');
const ownership = JSON.parse(readFileSync(join(root, 'docs', 'table-ownership.json'), 'utf8')) as {
  owners: Record<string, string[]>;
  published: Record<string, string>;
};

interface Case {
  file: string;
  code: string;
}
type Message = { ruleId: string | null; severity: number; message: string };

const LINT = `
import { ESLint } from 'eslint';
const cases = JSON.parse(process.env.LINT_CASES);
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const { file, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath: file });
  out.push(result.messages.map((m) => ({ ruleId: m.ruleId, severity: m.severity, message: m.message })));
}
process.stdout.write(JSON.stringify(out));
`;

function lint(cases: Case[]): Message[][] {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', LINT], {
    cwd: root,
    env: { ...process.env, LINT_CASES: JSON.stringify(cases) },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`eslint child failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Message[][];
}

const RULE = 'tables/table-ownership';
const errors = (messages: Message[]) => messages.filter((m) => m.ruleId === RULE && m.severity === 2).map((m) => m.message);

describe('table ownership (docs/table-ownership.json + scripts/eslint/table-ownership.mjs)', () => {
  const cases: Record<string, Case> = {
    foreignRead: {
      file: 'libs/back-office/src/adapters/persistence/planted.ts',
      code: "export const q = 'SELECT c.id FROM copies c WHERE c.follower_id = ?';\n",
    },
    foreignWrite: {
      file: 'libs/copy-trading/src/adapters/persistence/planted.ts',
      code: 'export const q = (n: number) => `INSERT INTO ledger_entries (transaction_id, account_id, amount) SELECT ${n}, id, 0 FROM ledger_accounts`;\n',
    },
    foreignJoin: {
      file: 'libs/wallet/src/adapters/persistence/planted.ts',
      code: "export const q = 'SELECT t.id, u.username FROM wallet_transactions t JOIN public.users u ON u.id = t.user_id';\n",
    },
    ownTables: {
      file: 'libs/wallet/src/adapters/persistence/planted.ts',
      code: "export const q = 'SELECT a.id FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id';\n",
    },
    notSql: {
      file: 'libs/accounts/src/adapters/persistence/planted.ts',
      code: "export const words = ['users', 'copies', 'notifications'];\nexport const t = 'the copies of users';\n",
    },
    quotedLiteral: {
      file: 'libs/accounts/src/adapters/persistence/planted.ts',
      code: "export const q = \"SELECT json_build_object('copies', 1), count(*) AS copies FROM users -- not copies\";\n",
    },
    fragmentJoin: {
      file: 'libs/wallet/src/adapters/persistence/planted.queries.ts',
      code: "import { sql } from '@mirrorline/shared';\nimport { usersTable } from '@mirrorline/accounts/sql';\nexport const q = sql`SELECT u.kyc_status FROM ${usersTable} u WHERE u.id = ${'x'} FOR KEY SHARE`;\n",
    },
    spec: {
      file: 'libs/back-office/src/adapters/persistence/planted.spec.ts',
      code: "export const q = 'SELECT id FROM copies';\n",
    },
  };
  let results: Record<string, Message[]>;

  beforeAll(() => {
    const names = Object.keys(cases);
    const linted = lint(names.map((name) => cases[name]));
    results = Object.fromEntries(names.map((name, i) => [name, linted[i]]));
  });

  it('SQL in one lib naming a table another lib owns is an error (read, write, join, schema-qualified)', () => {
    expect(errors(results.foreignRead)).toEqual([
      'SQL in lib "back-office" names table "copies", owned by "copy-trading": go through @mirrorline/copy-trading\'s exported port or query (docs/table-ownership.json).',
    ]);
    expect(errors(results.foreignWrite)).toEqual([
      'SQL in lib "copy-trading" names table "ledger_entries", owned by "wallet": go through @mirrorline/wallet\'s exported port or query (docs/table-ownership.json).',
      'SQL in lib "copy-trading" names table "ledger_accounts", owned by "wallet": go through @mirrorline/wallet\'s exported port or query (docs/table-ownership.json).',
    ]);
    expect(errors(results.foreignJoin)).toEqual([
      'SQL in lib "wallet" names table "users", owned by "accounts": go through @mirrorline/accounts\'s exported port or query (docs/table-ownership.json).',
    ]);
  });

  it("another lib joins the owner's table through the fragment the owner publishes (@mirrorline/<owner>/sql)", () => {
    expect(results.fragmentJoin).toEqual([]);
  });

  it("a lib's own tables, words that are not SQL, quoted SQL literals, comments and specs are fine", () => {
    expect(results.ownTables).toEqual([]);
    expect(results.notSql).toEqual([]);
    expect(results.quotedLiteral).toEqual([]);
    expect(errors(results.spec)).toEqual([]);
  });

  it('every table the migrations create has exactly one owner, the map names no other table, and every view is published by an owner', () => {
    const dir = join(root, 'apps', 'api', 'src', 'database', 'migrations');
    const created = new Set<string>();
    const views = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.startsWith('Migration')).sort()) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const m of text.matchAll(/CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?"?([a-z_]+)"?/gi)) created.add(m[1]);
      // the views left after every `up`, in migration order (a later migration may drop one)
      const up = text.split(/async down\(/)[0];
      for (const m of up.matchAll(/(CREATE (?:OR REPLACE )?|DROP )VIEW (?:IF EXISTS )?"?([a-z_]+)"?/gi)) {
        if (m[1].toUpperCase().startsWith('DROP')) views.delete(m[2]);
        else views.add(m[2]);
      }
    }
    expect(Object.keys(ownership.published).sort()).toEqual([...views].sort());
    for (const owner of Object.values(ownership.published)) expect(ownership.owners[owner]).toBeDefined();
    const owned = Object.values(ownership.owners).flat();
    expect(created.size).toBeGreaterThan(30);
    expect(new Set(owned).size).toBe(owned.length);
    expect([...owned].sort()).toEqual([...created].sort());
  });

  it('the map has no exceptions: no pending list, every crossing goes through its owner', () => {
    expect(Object.keys(ownership)).not.toContain('pending');
  });
});
