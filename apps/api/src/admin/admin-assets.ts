import type { Express } from 'express';
import { ADMIN_LOGIN_CODE_SCRIPT, ADMIN_LOGIN_CODE_SOURCE } from './admin-login-code';
import { ADMIN_A11Y_SCRIPT, ADMIN_A11Y_SOURCE } from './admin-a11y';

/** The scripts AdminJS's pages load through `assets.scripts`, served outside /admin (AdminJS owns that path). */
const SCRIPTS: Record<string, string> = {
  [ADMIN_LOGIN_CODE_SCRIPT]: ADMIN_LOGIN_CODE_SOURCE,
  [ADMIN_A11Y_SCRIPT]: ADMIN_A11Y_SOURCE,
};

export function serveAdminScripts(app: Express): void {
  for (const [path, source] of Object.entries(SCRIPTS)) {
    app.get(path, (_req, res) => {
      res.type('application/javascript').set('Cache-Control', 'no-cache').send(source);
    });
  }
}
