// A small ESLint rule for the architecture's import boundaries (architecture.md rules 1 and 8):
// - a lib imports another lib only through its index (`@mirrorline/<lib>`), never a deep path; the
//   second entries are `@mirrorline/shared/nest` (shared's Nest/MikroORM helpers, never from domain/: eslint.config.mjs),
//   `@mirrorline/<lib>/testing` (its fakes) and `@mirrorline/<lib>/sql` (the SQL fragments it publishes);
// - an SPA feature never imports another feature (frontend/src/features/<name>).
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');

/** Entries besides a lib's index, declared in tsconfig.json paths: shared's Nest helpers, a lib's fakes
 * (`/testing`) and the SQL fragments it publishes (`/sql`). */
const SECOND_ENTRY = /^@mirrorline\/(?:shared\/nest|[^/]+\/(?:testing|sql))$/;

function areaOf(file) {
  const parts = relative(root, file).split(sep);
  if (parts[0] === 'libs' && parts.length > 1) return { kind: 'lib', name: parts[1] };
  if (parts[0] === 'frontend' && parts[1] === 'src' && parts[2] === 'features' && parts.length > 4) return { kind: 'feature', name: parts[3] };
  return undefined;
}

export const boundaries = {
  meta: { type: 'problem', schema: [], messages: {
    deepLib: 'Import another lib only through its index: @mirrorline/{{name}}.',
    crossLib: 'Lib "{{from}}" reaches into lib "{{to}}" by path; import @mirrorline/{{to}} instead.',
    crossFeature: 'Feature "{{from}}" imports feature "{{to}}": features never import each other; share through src/components or src/lib.',
  } },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const from = areaOf(file);
    const check = (node) => {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string') return;
      const deep = /^@mirrorline\/([^/]+)\/.+/.exec(spec);
      if (deep && deep[1] !== 'frontend' && !SECOND_ENTRY.test(spec)) return context.report({ node, messageId: 'deepLib', data: { name: deep[1] } });
      if (!from || !spec.startsWith('.')) return;
      const to = areaOf(resolve(dirname(file), spec) + sep + 'x');
      if (!to || to.kind !== from.kind || to.name === from.name) {
        // a relative path out of libs/<x> into libs/<y> without the kind matching (e.g. libs/y/src) still counts
        const target = relative(root, resolve(dirname(file), spec)).split(sep);
        if (from.kind === 'lib' && target[0] === 'libs' && target[1] && target[1] !== from.name) {
          context.report({ node, messageId: 'crossLib', data: { from: from.name, to: target[1] } });
        }
        return;
      }
      context.report({ node, messageId: from.kind === 'lib' ? 'crossLib' : 'crossFeature', data: { from: from.name, to: to.name } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** Where `@mirrorline/<lib>/testing` may be imported: specs, test/, bench/ and the libs' own testing code. */
const TEST_CODE = /(?:\.spec\.ts$|^(?:test|bench)\/|^libs\/[^/]+\/src\/testing(?:\.ts$|\/))/;

/**
 * What a lib's index may re-export from its adapters/ (docs/architecture.md "Wiring"): nothing but these, each for a
 * stated reason. Persistence adapters stay private (the composition root binds them), fakes are in src/testing.ts,
 * published SQL in src/sql.ts. Its module sits at src/<lib>.module.ts, outside adapters/.
 */
export const INDEX_ADAPTER_EXPORTS = {
  // AdminJS (apps/api/src/admin) lists these entities as its resources: it needs the MikroORM classes themselves.
  audit: ['./adapters/persistence/audit-log.entity'],
  kyc: ['./adapters/persistence/kyc-submission.entity'],
  accounts: ['./adapters/persistence/user.entity'],
  wallet: [
    './adapters/persistence/wallet-transaction.entity',
    './adapters/persistence/ledger.entities',
    // the @Idempotent() decorator and the operation references other contexts' money endpoints and use cases use
    './adapters/http/idempotency.interceptor',
  ],
  // the guards and decorators every context's controllers apply
  auth: ['./adapters/http/auth.decorators', './adapters/http/access-token.guard', './adapters/http/not-impersonated.guard', './adapters/http/rate-limit', './adapters/http/refresh-cookie'],
  // the feed leadership the app's start-up tasks and the demo bot ask (one instance runs the feed)
  market: ['./adapters/feeds/feed-leader'],
};

/**
 * Narrow entries (docs/architecture.md "Wiring"): `@mirrorline/<lib>/testing` only from test code, and a lib's
 * index re-exports nothing from its testing/ and from its adapters/ only what INDEX_ADAPTER_EXPORTS allows.
 */
export const entries = {
  meta: { type: 'problem', schema: [], messages: {
    testingEntry: '{{spec}} is for specs, test/ and bench/ only: production code never imports fakes.',
    indexTesting: "A lib's index exports no fake ({{spec}}): export it from src/testing.ts (@mirrorline/{{lib}}/testing).",
    indexAdapter: "A lib's index does not re-export its adapters ({{spec}}): keep it private and bind it in the module, publish SQL in src/sql.ts, fakes in src/testing.ts, or list a deliberate exception in INDEX_ADAPTER_EXPORTS (scripts/eslint/boundaries.mjs).",
  } },
  create(context) {
    const file = relative(root, context.filename ?? context.getFilename()).split(sep).join('/');
    const index = /^libs\/([^/]+)\/src\/index\.ts$/.exec(file);
    const check = (node) => {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string') return;
      if (/^@mirrorline\/[^/]+\/testing$/.test(spec) && !TEST_CODE.test(file)) return context.report({ node, messageId: 'testingEntry', data: { spec } });
      if (!index || node.type === 'ImportDeclaration' || node.type === 'ImportExpression') return;
      const lib = index[1];
      if (/^\.\/testing(\/|$)/.test(spec)) return context.report({ node, messageId: 'indexTesting', data: { spec, lib } });
      if (/^\.\/adapters\//.test(spec) && !(INDEX_ADAPTER_EXPORTS[lib] ?? []).includes(spec)) context.report({ node, messageId: 'indexAdapter', data: { spec } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/**
 * The lib modules that may be @Global() (docs/architecture.md "Wiring"): the cross-context ports are bound in one
 * place, apps/api's composition root; a lib module is visible only where it is imported.
 */
export const GLOBAL_LIB_MODULES = [
  // the validated configuration, injected everywhere as APP_CONFIG
  'libs/shared/src/config/config.module.ts',
];

export const noGlobal = {
  meta: { type: 'problem', schema: [], messages: {
    global: 'A lib module is not @Global(): bind its cross-context ports in apps/api/src/composition-root.module.ts (docs/architecture.md "Wiring").',
  } },
  create(context) {
    const file = relative(root, context.filename ?? context.getFilename()).split(sep).join('/');
    if (!/^libs\//.test(file) || /\.spec\.ts$/.test(file) || GLOBAL_LIB_MODULES.includes(file)) return {};
    return {
      Decorator(node) {
        const call = node.expression;
        if (call.type === 'CallExpression' && call.callee.type === 'Identifier' && call.callee.name === 'Global') context.report({ node, messageId: 'global' });
      },
    };
  },
};

/**
 * Names (architecture.md rules 2 and 3, docs/architecture.md "Context map"): a class exported from
 * application/use-cases/ ends in UseCase; an adapter class named MikroOrm* uses the ORM (an entity manager
 * call other than execute, or MikroORM's repository/query builder), otherwise it is Sql* (hand-written SQL).
 */
const ORM_CALL = /\.(find|findOne|findOneOrFail|findAndCount|findAll|persist|persistAndFlush|flush|remove|removeAndFlush|nativeUpdate|nativeDelete|nativeInsert|upsert|upsertMany|getRepository|createQueryBuilder|qb|transactional|assign|getReference|create|count|insert|insertMany)\(/;
export const names = {
  meta: { type: 'problem', schema: [], messages: {
    useCase: 'Use-case class "{{name}}" must end in UseCase (one use case = one class in application/use-cases/).',
    mikroOrm: 'Adapter "{{name}}" is named MikroOrm* but uses no ORM call (only raw SQL): name it Sql{{rest}}.',
  } },
  create(context) {
    const file = (context.filename ?? context.getFilename()).split(sep).join('/');
    const source = context.sourceCode ?? context.getSourceCode();
    const inUseCases = /\/application\/use-cases\//.test(file) && !/\.spec\.ts$/.test(file);
    return {
      ClassDeclaration(node) {
        const name = node.id && node.id.name;
        if (!name) return;
        const exported = node.parent && (node.parent.type === 'ExportNamedDeclaration' || node.parent.type === 'ExportDefaultDeclaration');
        if (inUseCases && exported && !name.endsWith('UseCase')) context.report({ node: node.id, messageId: 'useCase', data: { name } });
        if (/^MikroOrm[A-Z]/.test(name) && /\/adapters\/|\/persistence\//.test(file) && !ORM_CALL.test(source.getText(node))) {
          context.report({ node: node.id, messageId: 'mikroOrm', data: { name, rest: name.slice('MikroOrm'.length) } });
        }
      },
    };
  },
};

export default { rules: { boundaries, names, entries, 'no-global': noGlobal } };
