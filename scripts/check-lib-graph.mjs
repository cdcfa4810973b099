// The libs' dependency graph (architecture.md rule 14): read every import of libs/*/src and apps/, build the
// lib-level graph and fail on
//   - a cycle between libs (each one printed with a file:line for every edge),
//   - an import that breaks the declared order of docs/lib-order.json (a lib imports only libs listed before it),
//   - a lib under libs/ that the order does not list, or a lib that imports the app.
// Usage: node scripts/check-lib-graph.mjs [--root <dir>] [--json]. Exit code 1 on any violation.
// The ESLint boundaries rule already refuses deep paths into another lib, so `@mirrorline/<lib>` (and the
// entries under it, such as `@mirrorline/shared/nest`) and relative paths are all the ways an edge can appear.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const IMPORT = /(?:\bimport\s*(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s*)?|\bexport\s*(?:type\s+)?(?:\*\s*(?:as\s+\w+\s*)?|\{[^}]*\}\s*)from\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bjest\.mock\s*\(\s*)['"]([^'"]+)['"]/g;

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx|mts|cts|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Line number of a character offset. */
const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** The lib (or 'app') a specifier names, seen from `file`; undefined for packages and for files of no lib. */
function targetOf(root, file, spec) {
  const alias = /^@mirrorline\/([^/]+)/.exec(spec);
  if (alias) return { kind: 'lib', name: alias[1] };
  if (!spec.startsWith('.')) return undefined;
  const parts = relative(root, resolve(dirname(file), spec)).split(sep);
  if (parts[0] === 'libs' && parts[1]) return { kind: 'lib', name: parts[1] };
  if (parts[0] === 'apps') return { kind: 'app', name: parts[1] };
  return undefined;
}

/** Every lib-level edge, with the places that make it. */
export function readGraph(root) {
  const libsDir = join(root, 'libs');
  const libs = existsSync(libsDir) ? readdirSync(libsDir).filter((name) => existsSync(join(libsDir, name, 'src'))).sort() : [];
  const edges = new Map(); // "from→to" → [{ file, line, spec }]
  const appImports = [];
  const add = (from, to, site) => {
    const key = `${from}→${to}`;
    if (!edges.has(key)) edges.set(key, []);
    edges.get(key).push(site);
  };
  for (const lib of libs) {
    for (const file of walk(join(libsDir, lib, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const target = targetOf(root, file, match[1]);
        if (!target) continue;
        const site = { file: relative(root, file), line: lineOf(text, match.index), spec: match[1] };
        if (target.kind === 'app') appImports.push({ from: lib, ...site });
        else if (target.name !== lib) add(lib, target.name, site);
      }
    }
  }
  // apps/ sits above every lib: its imports are read so that an unknown lib name is caught, never ordered.
  const unknown = [];
  for (const file of walk(join(root, 'apps'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = targetOf(root, file, match[1]);
      if (target?.kind === 'lib' && !libs.includes(target.name)) unknown.push({ file: relative(root, file), line: lineOf(text, match.index), spec: match[1] });
    }
  }
  return { libs, edges, appImports, unknown };
}

/** Tarjan's strongly connected components; every component of more than one lib is a cycle. */
function cyclesOf(libs, edges) {
  const next = new Map(libs.map((lib) => [lib, []]));
  for (const key of edges.keys()) {
    const [from, to] = key.split('→');
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    next.get(from).push(to);
  }
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indices = new Map();
  const low = new Map();
  const components = [];
  const visit = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!indices.has(v)) visit(v);
  // One concrete loop per component, so the message says which imports to cut.
  return components.map((component) => {
    const members = new Set(component);
    const start = component[0];
    const path = [start];
    const seen = new Set([start]);
    const find = (v) => {
      for (const w of next.get(v)) {
        if (!members.has(w)) continue;
        if (w === start) return true;
        if (seen.has(w)) continue;
        seen.add(w);
        path.push(w);
        if (find(w)) return true;
        path.pop();
      }
      return false;
    };
    find(start);
    return { libs: component, loop: [...path, start] };
  });
}

export function readOrder(root) {
  const file = join(root, 'docs', 'lib-order.json');
  return JSON.parse(readFileSync(file, 'utf8')).order;
}

/** The violations, as sentences; empty when the graph is acyclic and follows the order. */
export function checkLibGraph(root, order = readOrder(root)) {
  const { libs, edges, appImports, unknown } = readGraph(root);
  const errors = [];
  const where = (from, to) => {
    const sites = edges.get(`${from}→${to}`) ?? [];
    const first = sites[0];
    return first ? `${first.file}:${first.line}${sites.length > 1 ? ` (+${sites.length - 1} more)` : ''}` : '?';
  };
  for (const lib of libs) if (!order.includes(lib)) errors.push(`lib "${lib}" is not in docs/lib-order.json: add it where its imports allow.`);
  for (const cycle of cyclesOf(libs, edges)) {
    const steps = cycle.loop.slice(0, -1).map((from, i) => `${from} → ${cycle.loop[i + 1]} (${where(from, cycle.loop[i + 1])})`);
    errors.push(`cycle between libs ${cycle.libs.join(', ')}: ${steps.join('; ')}`);
  }
  for (const [key, sites] of edges) {
    const [from, to] = key.split('→');
    const a = order.indexOf(from);
    const b = order.indexOf(to);
    if (a < 0 || b < 0) {
      if (b < 0 && !libs.includes(to)) errors.push(`lib "${from}" imports unknown lib "${to}" (${where(from, to)})`);
      continue;
    }
    if (b > a) {
      for (const site of sites) {
        errors.push(`lib "${from}" imports "${to}", which comes after it in docs/lib-order.json: ${site.file}:${site.line} (${site.spec})`);
      }
    }
  }
  for (const site of appImports) errors.push(`lib "${site.from}" imports the app: ${site.file}:${site.line} (${site.spec})`);
  for (const site of unknown) errors.push(`apps import unknown lib: ${site.file}:${site.line} (${site.spec})`);
  return errors;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--root');
  const root = at > 0 ? resolve(process.argv[at + 1]) : resolve(dirname(new URL(import.meta.url).pathname), '..');
  const order = readOrder(root);
  const errors = checkLibGraph(root, order);
  if (process.argv.includes('--json')) process.stdout.write(JSON.stringify({ errors }));
  else if (errors.length) {
    process.stderr.write(`Lib graph: ${errors.length} violation(s)\n${errors.map((e) => `  - ${e}`).join('\n')}\n`);
  } else {
    const { edges } = readGraph(root);
    process.stdout.write(`Lib graph: ${order.length} libs, ${edges.size} edges, acyclic, in the declared order (${order.join(' < ')}).\n`);
  }
  process.exit(errors.length ? 1 : 0);
}
