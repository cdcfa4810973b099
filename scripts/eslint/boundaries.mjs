// A small ESLint rule for the architecture's import boundaries (architecture.md rules 1 and 8):
// - a lib imports another lib only through its index (`@mirrorline/<lib>`), never a deep path; the one
//   second entry is `@mirrorline/shared/nest` (shared's Nest/MikroORM helpers, never from domain/: eslint.config.mjs);
// - an SPA feature never imports another feature (frontend/src/features/<name>).
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');

/** Entries besides a lib's index, declared in tsconfig.json paths. */
const SECOND_ENTRIES = new Set(['@mirrorline/shared/nest']);

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
      if (deep && deep[1] !== 'frontend' && !SECOND_ENTRIES.has(spec)) return context.report({ node, messageId: 'deepLib', data: { name: deep[1] } });
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

export default { rules: { boundaries } };
