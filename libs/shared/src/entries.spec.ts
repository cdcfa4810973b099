import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// @mirrorline/shared (index.ts) is the framework-free entry domain code imports (architecture.md rule 14):
// follow every import it makes, relative ones included, and find no framework package on the way.
const FRAMEWORK = /^(@nestjs\/|@mikro-orm\/|class-validator$|class-transformer$|express$|pg$)/;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]);
}

function reachablePackages(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) {
        packages.add(spec);
        continue;
      }
      const base = resolve(dirname(file), spec);
      const next = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
      if (next) visit(next);
    }
  };
  visit(entry);
  return packages;
}

describe('@mirrorline/shared entries', () => {
  it('the main entry reaches no framework (Nest, MikroORM, class-validator, express, pg)', () => {
    const packages = [...reachablePackages(join(__dirname, 'index.ts'))];
    expect(packages.filter((name) => FRAMEWORK.test(name))).toEqual([]);
  });

  it('the /nest entry is where the framework helpers are (so the check above can see one)', () => {
    const packages = [...reachablePackages(join(__dirname, 'nest.ts'))];
    expect(packages).toEqual(expect.arrayContaining(['@nestjs/common', '@mikro-orm/postgresql', 'class-validator']));
  });
});
