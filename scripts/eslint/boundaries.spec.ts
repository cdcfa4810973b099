import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// The architecture's import rules are only as good as the lint config that applies them: this lints
// small sources as if they lived at given paths, through the real eslint.config.mjs. ESLint loads its
// ESM config with a real import(), which Jest's VM cannot run, so the linting happens in a child node.
const root = join(__dirname, '..', '..');

interface Case {
  file: string;
  code: string;
}

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

type Message = { ruleId: string | null; severity: number; message: string };

function lint(cases: Case[]): Message[][] {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', LINT], {
    cwd: root,
    env: { ...process.env, LINT_CASES: JSON.stringify(cases) },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`eslint child failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Message[][];
}

const errorsOf = (messages: Message[], ruleId: string) => messages.filter((m) => m.ruleId === ruleId && m.severity === 2);

describe('architecture lint rules (eslint.config.mjs + scripts/eslint/boundaries.mjs)', () => {
  const cases: Record<string, Case> = {
    domainNest: { file: 'libs/wallet/src/domain/money-rule.ts', code: "import '@nestjs/common';\n" },
    domainOrm: { file: 'libs/copy-trading/src/domain/copy.ts', code: "export { Entity } from '@mikro-orm/core';\n" },
    domainValidator: { file: 'libs/back-office/src/domain/user.ts', code: "import 'class-validator';\n" },
    domainPlain: { file: 'libs/wallet/src/domain/money-rule.ts', code: "import '@mirrorline/shared';\nimport type { Role } from '@mirrorline/accounts';\nexport type R = Role;\n" },
    domainAccountsValue: { file: 'libs/wallet/src/domain/money-rule.ts', code: "import { ROLES } from '@mirrorline/accounts';\nexport const r = ROLES;\n" },
    domainOtherLib: { file: 'libs/wallet/src/domain/money-rule.ts', code: "import '@mirrorline/auth';\n" },
    domainSpecOtherLib: { file: 'libs/wallet/src/domain/money-rule.spec.ts', code: "import '@mirrorline/otp';\n" },
    adapterNest: { file: 'libs/wallet/src/adapters/http/wallet.controller.ts', code: "import '@nestjs/common';\n" },
    domainSharedNest: { file: 'libs/wallet/src/domain/money-rule.ts', code: "import { emOf } from '@mirrorline/shared/nest';\nexport const x = emOf;\n" },
    accountsSharedNest: { file: 'libs/accounts/src/domain/roles.ts', code: "export { PageQueryDto } from '@mirrorline/shared/nest';\n" },
    accountsNest: { file: 'libs/accounts/src/domain/user-info.ts', code: "import '@nestjs/common';\n" },
    adapterSharedNest: { file: 'libs/wallet/src/adapters/persistence/sql-ledger.ts', code: "import '@mirrorline/shared/nest';\n" },
    deepShared: { file: 'libs/wallet/src/adapters/persistence/sql-ledger.ts', code: "import '@mirrorline/shared/persistence/sql-state';\n" },
    deepAlias: { file: 'libs/wallet/src/application/deposit.ts', code: "import '@mirrorline/back-office/src/domain/user';\n" },
    relativeIntoLib: { file: 'libs/wallet/src/application/deposit.ts', code: "import '../../../back-office/src/domain/approval-request';\n" },
    index: { file: 'libs/wallet/src/application/deposit.ts', code: "import '@mirrorline/back-office';\n" },
    ownRelative: { file: 'libs/wallet/src/application/deposit.ts', code: "import '../domain/money-rule';\n" },
    useCaseName: { file: 'libs/wallet/src/application/use-cases/deposit/deposit.use-case.ts', code: 'export class Deposit {}\n' },
    useCaseNameOk: { file: 'libs/wallet/src/application/use-cases/deposit/deposit.use-case.ts', code: 'export class DepositUseCase {}\nclass Helper {}\nexport const h = Helper;\n' },
    mikroOrmRaw: {
      file: 'libs/wallet/src/adapters/persistence/mikro-orm-thing.ts',
      code: 'export class MikroOrmThing {\n  constructor(private readonly em: { execute(sql: string): Promise<unknown> }) {}\n  read() {\n    return this.em.execute(\'SELECT 1\');\n  }\n}\n',
    },
    mikroOrmOrm: {
      file: 'libs/wallet/src/adapters/persistence/mikro-orm-thing.ts',
      code: 'export class MikroOrmThing {\n  constructor(private readonly em: { findOne(e: string, w: object): Promise<unknown> }) {}\n  read() {\n    return this.em.findOne(\'Thing\', {});\n  }\n}\n',
    },
    crossFeature: { file: 'frontend/src/features/wallet/pages/wallet-page.tsx', code: "import '../../kyc/components/kyc-form';\n" },
    fieldState: {
      file: 'frontend/src/features/wallet/components/deposit-form.tsx',
      code: "import { useState } from 'react';\nexport function F() {\n  const [amount, setAmount] = useState('');\n  const [v] = useState({ note: '' });\n  return (\n    <form>\n      <input value={amount} onChange={(e) => setAmount(e.target.value)} />\n      <input value={v.note} readOnly />\n    </form>\n  );\n}\n",
    },
    uiStateOutsideForm: {
      file: 'frontend/src/features/wallet/components/deposit-form.tsx',
      code: "import { useState } from 'react';\nimport { useForm } from 'react-hook-form';\nexport function F() {\n  const [tab, setTab] = useState('a');\n  const [open] = useState(false);\n  const { register } = useForm({ defaultValues: { amount: '' } });\n  return (\n    <div>\n      <select value={tab} onChange={(e) => setTab(e.target.value)} />\n      <form>\n        <input {...register('amount')} />\n        <input type=\"checkbox\" checked={open} readOnly />\n      </form>\n    </div>\n  );\n}\n",
    },
    testingInProduction: { file: 'libs/support/src/application/use-cases/send-contact-message.use-case.ts', code: "import { InMemoryMailer } from '@mirrorline/mail/testing';\nexport const m = InMemoryMailer;\n" },
    testingInApp: { file: 'apps/api/src/app.module.ts', code: "import '@mirrorline/wallet/testing';\n" },
    testingInSpec: { file: 'libs/support/src/application/use-cases/send-contact-message.use-case.spec.ts', code: "import '@mirrorline/mail/testing';\n" },
    testingInTest: { file: 'test/contact.e2e-spec.ts', code: "import '@mirrorline/mail/testing';\n" },
    testingInBench: { file: 'bench/writes.ts', code: "import '@mirrorline/copy-trading/testing';\n" },
    testingInLibTesting: { file: 'libs/copy-trading/src/testing/in-memory-trade-engine.ts', code: "import '@mirrorline/market/testing';\n" },
    sqlInProduction: { file: 'libs/demo/src/demo-copies.ts', code: "import '@mirrorline/wallet/sql';\n" },
    indexAdapter: { file: 'libs/copy-trading/src/index.ts', code: "export { SqlTradeEngine } from './adapters/persistence/sql-trade-engine';\n" },
    indexAdapterAll: { file: 'libs/mail/src/index.ts', code: "export * from './adapters/smtp/smtp.mailer';\n" },
    indexFake: { file: 'libs/otp/src/index.ts', code: "export * from './testing/in-memory-one-time-code.repository';\n" },
    indexAllowed: {
      file: 'libs/wallet/src/index.ts',
      code: "export { WalletTransactionEntity } from './adapters/persistence/wallet-transaction.entity';\nexport * from './wallet.module';\nexport * from './domain/amount';\n",
    },
    indexAllowedElsewhere: { file: 'libs/kyc/src/index.ts', code: "export { WalletTransactionEntity } from './adapters/persistence/wallet-transaction.entity';\n" },
    globalLibModule: { file: 'libs/mail/src/mail.module.ts', code: "import { Global, Module } from '@nestjs/common';\n@Global()\n@Module({})\nexport class MailModule {}\n" },
    globalConfigModule: { file: 'libs/shared/src/config/config.module.ts', code: "import { Global, Module } from '@nestjs/common';\n@Global()\n@Module({})\nexport class AppConfigModule {}\n" },
    globalAppModule: { file: 'apps/api/src/composition-root.module.ts', code: "import { Global, Module } from '@nestjs/common';\n@Global()\n@Module({})\nexport class CompositionRootModule {}\n" },
    adapterOutsideIndex: { file: 'libs/wallet/src/wallet.module.ts', code: "export { SqlLedger } from './adapters/persistence/sql-ledger';\n" },
    inlineStatement: {
      file: 'libs/auth/src/adapters/persistence/sql-planted-store.ts',
      code: "import { sql } from '@mirrorline/shared';\nexport const q = (id: string) => sql<{ id: string }>`SELECT id FROM api_tokens WHERE id = ${id}`;\n",
    },
    namedStatement: {
      file: 'libs/auth/src/adapters/persistence/planted.queries.ts',
      code: "import { sql } from '@mirrorline/shared';\nexport const q = (id: string) => sql<{ id: string }>`SELECT id FROM api_tokens WHERE id = ${id}`;\n",
    },
    pgPositional: {
      file: 'libs/market/src/adapters/feeds/planted-leader.ts',
      code: "export const lock = (client: { query(text: string, values: unknown[]): Promise<unknown> }) => client.query('SELECT pg_try_advisory_lock($1)', [1]);\n",
    },
  };
  let results: Record<string, Message[]>;

  beforeAll(() => {
    const names = Object.keys(cases);
    const linted = lint(names.map((name) => cases[name]));
    results = Object.fromEntries(names.map((name, i) => [name, linted[i]]));
  });

  it('a domain file importing a framework (@nestjs/common, @mikro-orm/*, class-validator) is an error', () => {
    for (const name of ['domainNest', 'domainOrm', 'domainValidator']) {
      const errors = errorsOf(results[name], 'no-restricted-imports');
      expect(errors).toHaveLength(1);
      expect(errors[0].message).toContain('The domain imports no framework');
    }
  });

  it('a domain file (the identity types of accounts too) importing @mirrorline/shared/nest is an error; it imports only @mirrorline/shared', () => {
    for (const name of ['domainSharedNest', 'accountsSharedNest']) {
      const errors = errorsOf(results[name], 'no-restricted-imports');
      expect(errors).toHaveLength(1);
      expect(errors[0].message).toContain('The domain imports only the framework-free entry @mirrorline/shared');
    }
    expect(errorsOf(results.accountsNest, 'no-restricted-imports')[0].message).toContain('The domain imports no framework');
  });

  it("domain code imports no other lib's index but shared, and only types from accounts (each loads Nest modules); its specs may", () => {
    const errors = errorsOf(results.domainOtherLib, 'no-restricted-imports');
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('Domain code imports, among the libs, only @mirrorline/shared and types from @mirrorline/accounts');
    expect(errorsOf(results.domainAccountsValue, '@typescript-eslint/no-restricted-imports').map((m) => m.message)).toEqual([
      "'@mirrorline/accounts' import is restricted from being used. Domain code imports only types from @mirrorline/accounts (its index loads Nest modules; architecture.md rule 14).",
    ]);
    expect(results.domainSpecOtherLib).toEqual([]);
  });

  it('@mirrorline/shared/nest is a declared entry outside the domain; any other deep path into shared is not', () => {
    expect(results.adapterSharedNest).toEqual([]);
    expect(errorsOf(results.deepShared, 'mirrorline/boundaries').map((m) => m.message)).toEqual([
      'Import another lib only through its index: @mirrorline/shared.',
    ]);
  });

  it('the same imports are fine outside the domain, and plain imports are fine inside it', () => {
    expect(results.adapterNest).toEqual([]);
    expect(results.domainPlain).toEqual([]);
  });

  it("a lib importing another lib's internal path is an error, by alias or by relative path", () => {
    expect(errorsOf(results.deepAlias, 'mirrorline/boundaries').map((m) => m.message)).toEqual([
      'Import another lib only through its index: @mirrorline/back-office.',
    ]);
    expect(errorsOf(results.relativeIntoLib, 'mirrorline/boundaries').map((m) => m.message)).toEqual([
      'Lib "wallet" reaches into lib "back-office" by path; import @mirrorline/back-office instead.',
    ]);
  });

  it("another lib's index and a lib's own files are fine", () => {
    expect(results.index).toEqual([]);
    expect(results.ownRelative).toEqual([]);
  });

  it('names: an exported class in application/use-cases/ ends in UseCase; MikroOrm* adapters use the ORM, else they are Sql*', () => {
    expect(errorsOf(results.useCaseName, 'mirrorline/names').map((m) => m.message)).toEqual([
      'Use-case class "Deposit" must end in UseCase (one use case = one class in application/use-cases/).',
    ]);
    expect(results.useCaseNameOk).toEqual([]);
    expect(errorsOf(results.mikroOrmRaw, 'mirrorline/names').map((m) => m.message)).toEqual([
      'Adapter "MikroOrmThing" is named MikroOrm* but uses no ORM call (only raw SQL): name it SqlThing.',
    ]);
    expect(results.mikroOrmOrm).toEqual([]);
  });

  it('@mirrorline/<lib>/testing is imported only by specs, test/, bench/ and the libs\' own testing code; /sql anywhere', () => {
    for (const name of ['testingInProduction', 'testingInApp']) {
      expect(errorsOf(results[name], 'mirrorline/entries').map((m) => m.message)).toEqual([
        expect.stringMatching(/^@mirrorline\/(mail|wallet)\/testing is for specs, test\/ and bench\/ only/),
      ]);
    }
    for (const name of ['testingInSpec', 'testingInTest', 'testingInBench', 'testingInLibTesting', 'sqlInProduction']) expect(errorsOf(results[name], 'mirrorline/entries')).toEqual([]);
  });

  it("a lib's index re-exports no fake and no adapter but the listed exceptions (INDEX_ADAPTER_EXPORTS), each for its own lib", () => {
    for (const name of ['indexAdapter', 'indexAdapterAll', 'indexAllowedElsewhere']) {
      expect(errorsOf(results[name], 'mirrorline/entries').map((m) => m.message)).toEqual([expect.stringContaining("A lib's index does not re-export its adapters")]);
    }
    expect(errorsOf(results.indexFake, 'mirrorline/entries').map((m) => m.message)).toEqual([
      "A lib's index exports no fake (./testing/in-memory-one-time-code.repository): export it from src/testing.ts (@mirrorline/otp/testing).",
    ]);
    expect(errorsOf(results.indexAllowed, 'mirrorline/entries')).toEqual([]);
    expect(errorsOf(results.adapterOutsideIndex, 'mirrorline/entries')).toEqual([]);
  });

  it('no lib module is @Global() but shared\'s config module; apps/api\'s composition root is', () => {
    expect(errorsOf(results.globalLibModule, 'mirrorline/no-global').map((m) => m.message)).toEqual([
      'A lib module is not @Global(): bind its cross-context ports in apps/api/src/composition-root.module.ts (docs/architecture.md "Wiring").',
    ]);
    expect(errorsOf(results.globalConfigModule, 'mirrorline/no-global')).toEqual([]);
    expect(errorsOf(results.globalAppModule, 'mirrorline/no-global')).toEqual([]);
  });

  it("a feature's form keeps field values in react-hook-form: an input inside a <form> bound to useState is an error; a control outside any form is not", () => {
    expect(errorsOf(results.fieldState, 'forms/no-field-state').map((m) => m.message)).toEqual([
      "'amount' is useState bound to a form input: keep field values in react-hook-form (useForm + register, a resolver from lib/form-rules.ts).",
      "'v' is useState bound to a form input: keep field values in react-hook-form (useForm + register, a resolver from lib/form-rules.ts).",
    ]);
    // a select outside any form (a tab, a filter) may use useState; inside a form, any input bound to useState is refused
    expect(errorsOf(results.uiStateOutsideForm, 'forms/no-field-state').map((m) => m.message)).toEqual([
      "'open' is useState bound to a form input: keep field values in react-hook-form (useForm + register, a resolver from lib/form-rules.ts).",
    ]);
  });

  it('an SPA feature importing another feature is an error', () => {
    expect(errorsOf(results.crossFeature, 'mirrorline/boundaries').map((m) => m.message)).toEqual([
      'Feature "wallet" imports feature "kyc": features never import each other; share through src/components or src/lib.',
    ]);
  });

  it("a lib's statement outside its *.queries.ts is an error, and so are values beside a pg client's SQL text", () => {
    expect(errorsOf(results.inlineStatement, 'no-restricted-syntax').map((m) => m.message)).toEqual([
      'Statements are named builders in the aggregate\'s *.queries.ts; the adapter only runs them (docs/architecture.md, "SQL").',
    ]);
    expect(results.namedStatement).toEqual([]);
    expect(errorsOf(results.pgPositional, 'no-restricted-syntax').map((m) => m.message)).toEqual([
      'A positional list of values beside SQL text: on a pg client, runPgSql(client, sql`… ${value} …`) (docs/architecture.md, "SQL").',
    ]);
  });
});
