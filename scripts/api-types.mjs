// `npm run api:types`: regenerates frontend/src/lib/api-schema.d.ts from the app's OpenAPI document
// (boots the app on a throw-away embedded PostgreSQL through the test harness; no server to start by hand).
// `npm test` runs the same spec without UPDATE_API_TYPES and fails when the committed file differs.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './build-lib.mjs';

const r = spawnSync(join(root, 'node_modules', '.bin', 'jest'), ['test/processes/api-document.process-spec.ts', '--selectProjects', 'processes'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, UPDATE_API_TYPES: '1' },
});
process.exit(r.status ?? 1);
