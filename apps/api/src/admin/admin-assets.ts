import type { Express } from 'express';
import { ADMIN_LOGIN_CODE_SCRIPT, ADMIN_LOGIN_CODE_SOURCE } from './admin-login-code';
import { ADMIN_A11Y_SCRIPT, ADMIN_A11Y_SOURCE } from './admin-a11y';
import { ADMIN_THEME_CSS, ADMIN_THEME_STYLESHEET } from './admin-theme';

/**
 * The scripts and the stylesheet AdminJS's pages load through `assets.scripts` / `assets.styles`, served outside
 * /admin (AdminJS owns that path), each with its content type.
 */
const ASSETS: Record<string, { type: string; source: string }> = {
  [ADMIN_LOGIN_CODE_SCRIPT]: { type: 'application/javascript', source: ADMIN_LOGIN_CODE_SOURCE },
  [ADMIN_A11Y_SCRIPT]: { type: 'application/javascript', source: ADMIN_A11Y_SOURCE },
  [ADMIN_THEME_STYLESHEET]: { type: 'text/css', source: ADMIN_THEME_CSS },
};

export function serveAdminScripts(app: Express): void {
  for (const [path, { type, source }] of Object.entries(ASSETS)) {
    app.get(path, (_req, res) => {
      res.type(type).set('Cache-Control', 'no-cache').send(source);
    });
  }
}
