// The tiers (docs/testing.md): unit specs next to the code; medium (use cases and adapters on real PostgreSQL, no
// HTTP) in test/medium; e2e (the app over HTTP on real PostgreSQL) in test/. Both database tiers copy one migrated
// template database per spec file (test/support/global-setup.ts).
const swc = [
  '@swc/jest',
  {
    swcrc: false,
    sourceMaps: 'inline',
    module: { type: 'commonjs', ignoreDynamic: true },
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, dynamicImport: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
  },
];
const common = {
  // otplib (2FA) requires @scure/base and @noble/hashes, which are ESM-only: Node 20.19+ loads them with
  // require(esm), Jest's module runtime does not, so SWC turns those two into CommonJS here.
  transform: { '^.+\\.ts$': swc, '/node_modules/(.+/node_modules/)?(@scure|@noble)/.+\\.js$': swc },
  transformIgnorePatterns: ['^(?!.*/node_modules/(@scure|@noble)/).*/node_modules/'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: { '^@mirrorline/([^/]+)/(nest|testing|sql)$': '<rootDir>/libs/$1/src/$2', '^@mirrorline/(.*)$': '<rootDir>/libs/$1/src' },
  testEnvironment: 'node',
};

module.exports = {
  // Per-project testTimeout is ignored by Jest; database specs boot a real app on a real database. A bound on a hung
  // test, sized for a machine three times slower than this one, not a speed target.
  testTimeout: 120000,
  projects: [
    { ...common, displayName: 'unit', roots: ['<rootDir>/libs', '<rootDir>/apps', '<rootDir>/scripts', '<rootDir>/test/support'], testMatch: ['**/*.spec.ts'] },
    {
      ...common,
      displayName: 'medium',
      roots: ['<rootDir>/test/medium'],
      testMatch: ['**/*.medium-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'e2e',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/browser/'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    // The same spec files in groups (test/support/spec-groups.ts): each group file loads the app's modules once and
    // runs several spec files in it, each still on its own app and database. `npm test` runs these; the two projects
    // above run one file at a time (by path, `--changed`).
    // The unit specs in groups likewise (no database: no global setup).
    { ...common, displayName: 'unit-groups', roots: ['<rootDir>/test/groups'], testMatch: ['**/unit-*.group-spec.ts'] },
    {
      ...common,
      displayName: 'medium-groups',
      roots: ['<rootDir>/test/groups'],
      testMatch: ['**/medium-*.group-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'e2e-groups',
      roots: ['<rootDir>/test/groups'],
      testMatch: ['**/e2e-*.group-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    // Specs whose subject is a process of its own (the built server started as `npm start` runs it, the admin CLI,
    // the docs' record script, the OpenAPI document's CLI checks): most of their time is the child's, so they run in
    // the servers lane, not among the in-process database tiers.
    {
      ...common,
      displayName: 'processes',
      roots: ['<rootDir>/test/processes'],
      testMatch: ['**/*.process-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    // Real processes (the built server) killed, signalled and starved of PostgreSQL: scripts/test.mjs runs
    // these after the build, in one Jest run with the cluster tier (two workers; each file has its own processes and ports).
    { ...common, displayName: 'faults', roots: ['<rootDir>/test/faults'], testMatch: ['**/*.fault-spec.ts'] },
    // Two API processes on one PostgreSQL and one Redis (`npm run test:cluster`).
    { ...common, displayName: 'cluster', roots: ['<rootDir>/test/cluster'], testMatch: ['**/*.cluster-spec.ts'] },
    {
      ...common,
      displayName: 'browser',
      roots: ['<rootDir>/test/browser'],
      testMatch: ['**/*.browser-spec.ts'],
      globalSetup: '<rootDir>/test/browser/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/browser/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/browser/support/timeout.ts'],
    },
  ],
};
