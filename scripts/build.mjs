import { buildIfStale } from './build-lib.mjs';

buildIfStale({ force: process.argv.includes('--force') || !process.argv.includes('--if-stale') });
