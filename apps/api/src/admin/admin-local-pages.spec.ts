import { ADMIN_HOME, localAdminPage } from './admin-local-pages';
import { withRolesText } from './admin-resources';

describe('AdminJS pages kept local', () => {
  const page = `<!DOCTYPE html><html><head>
      <title>Mirrorline</title>
      <link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto:300,400,500,700" type="text/css">
      <script src="/admin/frontend/assets/app.bundle.js"></script>
    </head><body><div id="app" /></body></html>`;

  it('drops the Google Fonts link, opens /admin on Users before the app starts, keeps the sidebar from 1200 px', () => {
    const html = localAdminPage(page);
    expect(html).not.toContain('fonts.googleapis.com');
    expect(html).toContain('/admin/frontend/assets/app.bundle.js');
    const head = html.slice(0, html.indexOf('app.bundle.js'));
    expect(head).toContain(`history.replaceState(history.state, '', '${ADMIN_HOME}' + location.search)`);
    expect(html).toMatch(/min-width: 1200px\) \{ \[data-css="sidebar"\] \{ position: initial !important/);
  });

  it('the Roles column joins the flattened roles; other records are left alone', () => {
    const record: { params: Record<string, unknown> } = { params: { email: 'a@b.c', 'roles.0': 'User', 'roles.1': 'Admin' } };
    expect(withRolesText(record).params.roles).toBe('User, Admin');
    const none = { params: { email: 'a@b.c' } };
    expect(withRolesText(none)).toBe(none);
  });
});
