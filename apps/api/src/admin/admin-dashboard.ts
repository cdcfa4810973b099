import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_HOME } from './admin-local-pages';

/** The part of AdminJS's ComponentLoader used here (adminjs is ESM-only: its types are not imported into this CommonJS file). */
interface ComponentLoaderLike {
  add(name: string, filePath: string): string;
}

/**
 * AdminJS's dashboard (its sidebar's "Mirrorline" link and the "Dashboard" breadcrumb go there, and so does
 * any address AdminJS's router does not know) is its tips page. The documented way to replace it is a custom
 * component (`dashboard.component`, bundled by AdminJS through its ComponentLoader): this one sends the admin
 * to the Users list (React Router's <Navigate replace>, a global of AdminJS's page), so the back-office has one
 * landing page wherever it is entered from.
 */
const SOURCE = `import React from 'react';
import { Navigate } from 'react-router-dom';

const UsersDashboard = () => React.createElement(Navigate, { to: ${JSON.stringify(ADMIN_HOME)}, replace: true });

export default UsersDashboard;
`;

/**
 * AdminJS bundles components from files on disk, at start in production and on the first page in
 * development; the build ships compiled TypeScript only (dist/), so the component is written where the
 * process may write (the image's /app is read-only to it) and outside AdminJS's own directory (its entry
 * file imports components by a relative path, which must start with "..").
 */
const COMPONENT_DIR = join(tmpdir(), 'mirrorline-adminjs-components');

export function usersDashboard(loader: ComponentLoaderLike): { component: string } {
  mkdirSync(COMPONENT_DIR, { recursive: true });
  const file = join(COMPONENT_DIR, 'users-dashboard.js');
  writeFileSync(file, SOURCE);
  // In development AdminJS serves whatever bundle an earlier start left in its directory and never rebuilds
  // it (no watcher runs): removing it makes the first page bundle the components of this start.
  if (process.env.NODE_ENV !== 'production') rmSync(join(process.env.ADMIN_JS_TMP_DIR || '.adminjs', 'bundle.js'), { force: true });
  return { component: loader.add('UsersDashboard', file) };
}
