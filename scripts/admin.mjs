// `npm run admin -- grant EMAIL`: the operator's commands (apps/api/src/cli/admin.ts), run on the built API
// (built first when stale, as `npm start` does).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildIfStale, root } from './build-lib.mjs';

buildIfStale();
createRequire(import.meta.url)(join(root, 'dist', 'apps', 'api', 'src', 'cli', 'admin.js'));
