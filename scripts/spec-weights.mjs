// `node scripts/spec-weights.mjs`: writes test/groups/weights.json, the wall seconds of each spec file of the
// database tiers as the last full `npm test` measured them (test-output/spec-groups/), which test/support/spec-groups.ts
// balances the spec groups on. Run it after a full run when spec files were added or grew; a file it does not list
// weighs its size (docs/testing.md, "Spec groups").
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build-lib.mjs';

const dir = join(root, 'test-output', 'spec-groups');
if (!existsSync(dir)) {
  process.stderr.write('No test-output/spec-groups/: run `npm test -- --only=e2e` first.\n');
  process.exit(1);
}
const weights = {};
for (const name of readdirSync(dir).sort()) {
  const group = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  weights[group.tier] ??= {};
  for (const f of group.files) weights[group.tier][f.file] = Math.round(f.seconds * 10) / 10;
}
for (const tier of Object.keys(weights)) weights[tier] = Object.fromEntries(Object.entries(weights[tier]).sort(([a], [b]) => a.localeCompare(b)));
const file = join(root, 'test', 'groups', 'weights.json');
writeFileSync(file, `${JSON.stringify(weights, null, 2)}\n`);
process.stdout.write(`${file}: ${Object.entries(weights).map(([tier, w]) => `${tier} ${Object.keys(w).length} files`).join(', ')}\n`);
