import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The SPA is built for production whatever NODE_ENV the build inherits (scripts/build-lib.mjs buildSpa). The builds
 * that specs start inherit Jest's NODE_ENV=test, and Vite kept it: React's and lightweight-charts' development
 * bundles (twice the JavaScript, every development check at run time), then served by the browser tier and by
 * `npm start` until the next change. Built here into a folder of its own, with NODE_ENV=test and =development.
 */
describe('the SPA build', () => {
  for (const nodeEnv of ['test', 'development']) {
    it(`makes the production bundle when NODE_ENV=${nodeEnv}`, () => {
      const outDir = mkdtempSync(join(tmpdir(), 'mirrorline-spa-build-'));
      try {
        const build = spawnSync(process.execPath, ['--input-type=module', '-e', `import('./scripts/build-lib.mjs').then((m) => m.buildSpa({ outDir: ${JSON.stringify(outDir)} }))`], {
          encoding: 'utf8',
          env: { ...process.env, NODE_ENV: nodeEnv },
        });
        // (Vite's warnings go to stderr too: only a failed build shows it)
        expect({ status: build.status, stderr: build.status === 0 ? '' : build.stderr }).toEqual({ status: 0, stderr: '' });
        const assets = readdirSync(join(outDir, 'assets'));
        expect(assets.some((f) => /^lightweight-charts\.production-.*\.js$/.test(f))).toBe(true);
        expect(assets.filter((f) => f.includes('.development'))).toEqual([]);
        // React's development JSX runtime names its calls jsxDEV
        const withDevJsx = assets.filter((f) => f.endsWith('.js') && readFileSync(join(outDir, 'assets', f), 'utf8').includes('jsxDEV'));
        expect(withDevJsx).toEqual([]);
        expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toContain('<div id="root">');
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
