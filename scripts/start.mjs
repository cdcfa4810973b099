// `npm start`: builds what is missing or stale, then runs the API (which serves the SPA, /admin and
// /api/docs, and starts the embedded PostgreSQL when DATABASE_URL is unset) in this same process.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildIfStale, root } from './build-lib.mjs';

buildIfStale();
createRequire(import.meta.url)(join(root, 'dist', 'apps', 'api', 'src', 'main.js'));
