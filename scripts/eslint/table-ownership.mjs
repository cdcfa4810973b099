// The table ownership rule (docs/architecture.md "Table ownership"): every table of the migrations has one
// owning context, listed in docs/table-ownership.json. A SQL string in libs/<lib>/src (a string or template
// literal that reads as SQL) may name only tables that <lib> owns; another context's tables are reached through
// that context's exported port or query, or the fragments its `/sql` entry publishes. There are no exceptions.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
const map = JSON.parse(readFileSync(resolve(root, 'docs', 'table-ownership.json'), 'utf8'));

/** table → owning context */
export const ownerOf = new Map(Object.entries(map.owners).flatMap(([owner, tables]) => tables.map((t) => [t, owner])));
/** published view → owner: readable by every lib, written only by its owner */
export const publishedBy = new Map(Object.entries(map.published ?? {}));
// an alias (`AS copies`) names no table; a qualified column (`c.copies`) neither
const TABLE = new RegExp(`(?<![\\w$.])(?<!\\bAS\\s+)(?:public\\.)?"?(${[...ownerOf.keys(), ...publishedBy.keys()].join('|')})"?(?![\\w$(])`, 'g');
const WRITE_BEFORE = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(\s+TABLE)?|MERGE\s+INTO)\s+$/;

/** A string is SQL when it carries an uppercase SQL clause keyword (the code's SQL style). */
const SQLISH = /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|FROM|JOIN|RETURNING|ON CONFLICT|TRUNCATE)\b/;

/**
 * The relations a SQL text names, outside its quoted literals and comments: each table, and each
 * published view written to (a read of a published view is every lib's right).
 */
export function tablesIn(text) {
  if (!SQLISH.test(text)) return [];
  const bare = text.replace(/'(?:[^']|'')*'/g, "''").replace(/--[^\n]*/g, '');
  const named = [...bare.matchAll(TABLE)].filter((m) => !publishedBy.has(m[1]) || WRITE_BEFORE.test(bare.slice(0, m.index)));
  return [...new Set(named.map((m) => m[1]))];
}

function libOf(file) {
  const parts = relative(root, file).split(sep);
  if (parts[0] === 'libs' && parts[2] === 'src') return parts[1];
  return undefined;
}

export const tableOwnership = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      foreign:
        'SQL in lib "{{lib}}" names table "{{table}}", owned by "{{owner}}": go through {{via}} (docs/table-ownership.json).',
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const lib = libOf(file);
    if (!lib) return {};
    const check = (node, text) => {
      for (const table of tablesIn(text)) {
        const owner = ownerOf.get(table) ?? publishedBy.get(table);
        if (owner === lib) continue;
        const via = publishedBy.has(table)
          ? `@mirrorline/${owner}'s ports (a published view is read-only to other contexts)`
          : owner.startsWith('app:') ? 'the app that owns it' : `@mirrorline/${owner}'s exported port or query`;
        context.report({ node, messageId: 'foreign', data: { lib, table, owner, via } });
      }
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateLiteral(node) {
        check(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' $x '));
      },
    };
  },
};
