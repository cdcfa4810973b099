// One-off codemod for code written before the house-graph change (issue 16), e.g. a branch merged after it:
//   - imports of `@mirrorline/shared` naming a Nest/MikroORM helper are split, the helper moving to
//     `@mirrorline/shared/nest` (the names are read from libs/shared/src/nest.ts's modules);
//   - use-case classes renamed to end in UseCase, raw-SQL adapters renamed Sql*, and their file paths;
//   - `Role`/`KycStatus`/`UserInfo` stay importable from their old libs (re-exported), nothing to do there.
// Usage: node scripts/codemods/house-graph.mjs [paths…] (default: apps libs test bench). Idempotent; prints
// the files it changed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');

const RENAMED_CLASSES = [
  'BootstrapAdmin', 'ChangePassword', 'CompleteMfaLogin', 'DisableMfa', 'EnableMfa', 'GetMfaStatus', 'IssueOneTimeCode',
  'ListSessions', 'LogIn', 'LogOut', 'ManageApiTokens', 'RefreshSession', 'RegisterUser', 'ResendVerificationCode',
  'ResetPassword', 'RevokeSessions', 'RevokeUserSessions', 'SendPasswordResetCode', 'SetUpMfa', 'VerifyEmail',
  'VerifyOneTimeCode', 'VerifyPasswordResetCode',
].map((name) => [name, `${name}UseCase`]);
const RENAMED_ADAPTERS = [
  ['MikroOrmUserRepository', 'SqlUserRepository', 'mikro-orm-user.repository', 'sql-user.repository'],
  ['MikroOrmActiveUserCheck', 'SqlActiveUserCheck', 'mikro-orm-active-user-check', 'sql-active-user-check'],
  ['MikroOrmAccountHolders', 'SqlAccountHolders', 'mikro-orm-account-holders', 'sql-account-holders'],
  ['MikroOrmWalletTransactionRepository', 'SqlWalletTransactionRepository', 'mikro-orm-wallet-transaction.repository', 'sql-wallet-transaction.repository'],
  ['MikroOrmLedgerInspector', 'SqlLedgerInspector', 'mikro-orm-ledger-inspector', 'sql-ledger-inspector'],
  ['MikroOrmIdempotencyStore', 'SqlIdempotencyStore', 'mikro-orm-idempotency-store', 'sql-idempotency-store'],
  ['MikroOrmLedger', 'SqlLedger', 'mikro-orm-ledger', 'sql-ledger'],
  ['MikroOrmOneTimeCodeRepository', 'SqlOneTimeCodeRepository', 'mikro-orm-one-time-code.repository', 'sql-one-time-code.repository'],
];
const MOVED_PATHS = [
  ['use-cases/price-watcher/price-watcher', 'services/price-watcher'],
  ['use-cases/price-watcher/close-out-copies.use-case', 'use-cases/close-out-copies/close-out-copies.use-case'],
];

/** Every name the /nest entry exports. */
function nestNames() {
  const entry = join(root, 'libs', 'shared', 'src', 'nest.ts');
  const names = new Set();
  for (const [, spec] of readFileSync(entry, 'utf8').matchAll(/export \* from '([^']+)'/g)) {
    const text = readFileSync(join(dirname(entry), `${spec}.ts`), 'utf8');
    for (const [, name] of text.matchAll(/^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:class|function|const|let|interface|type|enum)\s+(\w+)/gm)) names.add(name);
  }
  return names;
}

export function rewrite(text, nest = nestNames()) {
  let out = text.replace(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@mirrorline\/shared';/g, (whole, typeOnly, list) => {
    const items = list.split(',').map((s) => s.trim()).filter(Boolean);
    const isNest = (item) => nest.has(item.replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim());
    const plain = items.filter((i) => !isNest(i));
    const moved = items.filter(isNest);
    if (!moved.length) return whole;
    const t = typeOnly ? 'type ' : '';
    return [plain.length ? `import ${t}{ ${plain.join(', ')} } from '@mirrorline/shared';` : '', `import ${t}{ ${moved.join(', ')} } from '@mirrorline/shared/nest';`]
      .filter(Boolean)
      .join('\n');
  });
  for (const [from, to] of RENAMED_CLASSES) out = out.replace(new RegExp(`\\b${from}\\b(?!UseCase)`, 'g'), to);
  for (const [from, to, fromFile, toFile] of RENAMED_ADAPTERS) {
    out = out.replace(new RegExp(`\\b${from}\\b`, 'g'), to);
    out = out.replace(new RegExp(`/${fromFile.replace(/\./g, '\\.')}(['.])`, 'g'), `/${toFile}$1`);
  }
  for (const [from, to] of MOVED_PATHS) out = out.split(from).join(to);
  return out;
}

function walk(path, files = []) {
  const stat = statSync(path);
  if (stat.isDirectory()) {
    for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') walk(join(path, name), files);
  } else if (/\.(ts|mjs)$/.test(path) && !path.endsWith('.d.ts') && !path.includes('scripts/codemods/')) files.push(path);
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const nest = nestNames();
  const targets = process.argv.slice(2).length ? process.argv.slice(2) : ['apps', 'libs', 'test', 'bench'];
  for (const target of targets) {
    for (const file of walk(resolve(root, target))) {
      const text = readFileSync(file, 'utf8');
      const next = rewrite(text, nest);
      if (next !== text) {
        writeFileSync(file, next);
        process.stdout.write(`${file}\n`);
      }
    }
  }
}
