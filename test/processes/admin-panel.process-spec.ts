import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { Client } from 'pg';
import { createTestDatabase } from '../support/test-app';
import { freePort } from '../support/free-port';
import { totpCode } from '../support/users';

/**
 * AdminJS is ESM-only and switched off inside Jest, so it is tested here the way it runs: the built
 * app (`node dist/apps/api/src/main.js`) on a fresh database, driven over HTTP.
 */
const ADMIN_EMAIL = 'panel-admin@mirrorline.test';
const ADMIN_PASSWORD = 'panel-admin-password-1';
const USER_EMAIL = 'panel-user@mirrorline.test';
const USER_PASSWORD = 'panel-user-password-1';

describe('AdminJS back-office at /admin (built app over HTTP)', () => {
  let server: ChildProcess;
  let baseUrl: string;
  let db: Client;
  let drop: () => Promise<void>;
  const log: string[] = [];

  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
    expect(build.status).toBe(0);
    const database = await createTestDatabase();
    drop = database.drop;
    const dataDir = mkdtempSync(join(tmpdir(), 'mirrorline-admin-panel-'));
    chmodSync(dataDir, 0o755);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['dist/apps/api/src/main.js'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        DATABASE_URL: database.url,
        PORT: String(port),
        DATA_DIR: dataDir,
        UPLOAD_DIR: join(dataDir, 'uploads'),
        SPA_DIR: 'off',
        DEMO_DATA: 'false',
        ADMIN_PANEL: 'true',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
    server.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${log.join('')}`);
      if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log.join('')}`);
      const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok).catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    db = new Client({ connectionString: database.url });
    await db.connect();
    // The bootstrap admin belongs to the auth context; create it here if that start-up task did not.
    const existing = await sql('SELECT 1 FROM users WHERE email = $1', [ADMIN_EMAIL]);
    if (!existing.length) {
      await sql(
        `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified)
         VALUES ($1, 'panel_admin', 'Panel', 'Admin', $2, '{User,Admin}', true)`,
        [ADMIN_EMAIL, await hash(ADMIN_PASSWORD, { algorithm: 2 })],
      );
    }
    await sql(
      `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified)
       VALUES ($1, 'panel_user', 'Panel', 'User', $2, '{User}', true)`,
      [USER_EMAIL, await hash(USER_PASSWORD, { algorithm: 2 })],
    );
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    if (server && server.exitCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
        server.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        server.kill('SIGTERM');
      });
    }
    await drop?.();
  });

  const login = (email: string, password: string, code?: string) =>
    fetch(`${baseUrl}/admin/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password, ...(code === undefined ? {} : { code }) }).toString(),
    });

  /** Admins must have 2FA (product.md §10): enrol through the API as the SPA does; returns the secret. */
  async function enrol(email: string, password: string): Promise<string> {
    const api = (path: string, body: unknown, token?: string) =>
      fetch(`${baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const { accessToken } = (await (await api('/auth/login', { email, password })).json()) as { accessToken: string };
    const { secret } = (await (await api('/auth/mfa/setup', {}, accessToken)).json()) as { secret: string };
    expect((await api('/auth/mfa/enable', { code: totpCode(secret) }, accessToken)).status).toBe(200);
    return secret;
  }
  const sessionCookie = (res: Response) => (res.headers.get('set-cookie') ?? '').match(/mirrorline_admin=[^;]+/)?.[0];

  it('sends anonymous visitors to the login page', async () => {
    const res = await fetch(`${baseUrl}/admin`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/login');
    const page = await fetch(`${baseUrl}/admin/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
  });

  it('refuses a non-admin with the right password, and a wrong password, without a session', async () => {
    for (const [email, password] of [
      [USER_EMAIL, USER_PASSWORD],
      [ADMIN_EMAIL, 'wrong-password-123'],
    ]) {
      const res = await login(email, password);
      expect(res.status).toBe(200); // the login page again, with an error
      expect(res.headers.get('location')).toBeNull();
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it('locks an email after 5 failed sign-ins, even for the right password', async () => {
    const email = 'locked-admin@mirrorline.test';
    await sql(
      `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified)
       VALUES ($1, 'locked_admin', 'Locked', 'Admin', $2, '{User,Admin}', true)`,
      [email, await hash(ADMIN_PASSWORD, { algorithm: 2 })],
    );
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong-password-${i}`)).status).toBe(200);
    const res = await login(email, ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('serves the script that adds the 2FA code field to the login form', async () => {
    const page = await (await fetch(`${baseUrl}/admin/login`)).text();
    expect(page).toContain('/admin-assets/login-code.js');
    const script = await fetch(`${baseUrl}/admin-assets/login-code.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain("input.name = 'code'");
  });

  it('serves the dark theme’s stylesheet to every AdminJS page, the login page included (before any session)', async () => {
    const page = await (await fetch(`${baseUrl}/admin/login`)).text();
    expect(page).toContain('/admin-assets/theme.css');
    const css = await fetch(`${baseUrl}/admin-assets/theme.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toMatch(/body \{ color: #e6edf7; background: #0b1426;/);
  });

  describe('signed in as an admin', () => {
    let cookie: string;

    beforeAll(async () => {
      // Without 2FA, the right password does not open AdminJS; enrolled, it needs the code too.
      const notEnrolled = await login(ADMIN_EMAIL, ADMIN_PASSWORD, '123456');
      expect(sessionCookie(notEnrolled)).toBeUndefined();
      const secret = await enrol(ADMIN_EMAIL, ADMIN_PASSWORD);
      const noCode = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(noCode.status).toBe(200);
      expect(sessionCookie(noCode)).toBeUndefined();
      const wrong = totpCode(secret, { stepOffset: 1 }) === '000000' ? '111111' : '000000';
      expect(sessionCookie(await login(ADMIN_EMAIL, ADMIN_PASSWORD, wrong))).toBeUndefined();
      const res = await login(ADMIN_EMAIL, ADMIN_PASSWORD, totpCode(secret, { stepOffset: 1 }));
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/admin');
      expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
      cookie = sessionCookie(res)!;
      expect(cookie).toBeDefined();
    });

    it('opens the dashboard, with the session kept in PostgreSQL', async () => {
      const res = await fetch(`${baseUrl}/admin`, { headers: { cookie }, redirect: 'manual' });
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/<html/i);
      const [{ n }] = await sql<{ n: string }>('SELECT count(*) AS n FROM admin_sessions');
      expect(Number(n)).toBeGreaterThan(0);
    });

    it('lists users without any password field', async () => {
      const res = await fetch(`${baseUrl}/admin/api/resources/UserEntity/actions/list`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { records: Array<{ params: Record<string, unknown> }> };
      expect(body.records.map((r) => r.params.email)).toEqual(expect.arrayContaining([ADMIN_EMAIL, USER_EMAIL]));
      expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2/);
    });

    // How fast the list is with 1,000 users is a bench's figure (npm run bench:admin), not an assertion here.
    it('lists 1,000 users with their roles joined; the page has no outside link and opens on Users', async () => {
      await sql(
        `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified)
         SELECT 'bulk' || i || '@mirrorline.test', 'bulk_' || i, 'Bulk', 'User', 'x', '{User}', true FROM generate_series(1, 1000) AS i`,
      );
      const res = await fetch(`${baseUrl}/admin/api/resources/UserEntity/actions/list?sortBy=email&direction=asc`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { meta: { total: number }; records: Array<{ params: Record<string, unknown> }> };
      expect(body.meta.total).toBeGreaterThanOrEqual(1000);
      const admin = (await (await fetch(`${baseUrl}/admin/api/resources/UserEntity/actions/list?filters.email=${encodeURIComponent(ADMIN_EMAIL)}`, { headers: { cookie } })).json()) as typeof body;
      expect(admin.records[0].params.roles).toBe('User, Admin');
      const html = await (await fetch(`${baseUrl}/admin`, { headers: { cookie } })).text();
      expect(html).not.toMatch(/https?:\/\/(?!localhost|127\.0\.0\.1)[^"' ]+\.(css|js)|fonts\.googleapis/);
      expect(html).toContain("history.replaceState(history.state, '', '/admin/resources/UserEntity'");
      expect(html).toContain('<title>Mirrorline</title>');
      await sql(`DELETE FROM users WHERE email LIKE 'bulk%@mirrorline.test'`);
    });

    it('blocks a user through the same audited use case as the API; raw edits are not offered', async () => {
      const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [USER_EMAIL]);
      const res = await fetch(`${baseUrl}/admin/api/resources/UserEntity/records/${user.id}/block`, { method: 'POST', headers: { cookie, origin: baseUrl } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { notice: { type: string; message: string } };
      expect(body.notice).toEqual({ type: 'success', message: 'User blocked successfully' });
      const [row] = await sql<{ blocked: boolean }>('SELECT blocked FROM users WHERE id = $1', [user.id]);
      expect(row.blocked).toBe(true);
      const audit = await sql<{ actor_id: string }>("SELECT actor_id FROM audit_log WHERE action = 'user.block' AND target_id = $1", [user.id]);
      expect(audit).toHaveLength(1);
      const edit = await fetch(`${baseUrl}/admin/api/resources/UserEntity/records/${user.id}/edit`, {
        method: 'POST',
        headers: { cookie, origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'roles.0=Admin',
      });
      // AdminJS answers a refused action with 200 and a ForbiddenError in the record's baseError.
      expect(((await edit.json()) as { record: { baseError: { type: string } } }).record.baseError.type).toBe('ForbiddenError');
      expect((await sql<{ roles: string[] }>('SELECT roles FROM users WHERE id = $1', [user.id]))[0].roles).toEqual(['User']);
    });

    it('state-changing actions refuse GET (405) and a POST from another origin or without one (403): CSRF', async () => {
      const [user] = await sql<{ id: string }>(
        `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified)
         VALUES ('csrf-target@mirrorline.test', 'csrf_target', 'C', 'T', 'x', '{User}', true) RETURNING id`,
      );
      const url = `${baseUrl}/admin/api/resources/UserEntity/records/${user.id}/verifyKyc`;
      expect((await fetch(url, { headers: { cookie } })).status).toBe(405);
      expect((await fetch(url, { method: 'POST', headers: { cookie, origin: 'https://evil.example' } })).status).toBe(403);
      expect((await fetch(url, { method: 'POST', headers: { cookie } })).status).toBe(403);
      expect((await sql<{ kyc_status: string }>('SELECT kyc_status FROM users WHERE id = $1', [user.id]))[0].kyc_status).toBe('Unverified');
      expect((await fetch(url, { method: 'POST', headers: { cookie, origin: baseUrl } })).status).toBe(200);
      expect((await sql<{ kyc_status: string }>('SELECT kyc_status FROM users WHERE id = $1', [user.id]))[0].kyc_status).toBe('Verified');
    });

    it('the attack as it was made (issue 26): no spelling of an action path runs it on a GET (percent-encoded, another letter case, a trailing slash)', async () => {
      const [user] = await sql<{ id: string }>(
        `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified)
         VALUES ('csrf-spelling@mirrorline.test', 'csrf_spelling', 'C', 'S', 'x', '{User}', true) RETURNING id`,
      );
      const record = `resources/UserEntity/records/${user.id}`;
      const spellings = [
        `/admin/api/${record}/%76erifyKyc`,
        `/admin/api/${record}/%62lock`,
        `/admin/API/${record}/verifyKyc`,
        `/admin/Api/${record}/block`,
        `/admin/api/RESOURCES/UserEntity/RECORDS/${user.id}/block`,
        `/ADMIN/api/${record}/verifyKyc`,
        `/admin/api/${record}/block/`,
        `/admin/api/${record}/%62%6C%6F%63%6B`,
      ];
      for (const path of spellings) {
        expect({ path, status: (await fetch(`${baseUrl}${path}`, { headers: { cookie } })).status }).toEqual({ path, status: 405 });
        expect({ path, status: (await fetch(`${baseUrl}${path}`, { method: 'HEAD', headers: { cookie } })).status }).toEqual({ path, status: 405 });
        const post = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' } });
        expect({ path, status: post.status }).toEqual({ path, status: 403 });
      }
      const [row] = await sql<{ kyc_status: string; blocked: boolean }>('SELECT kyc_status, blocked FROM users WHERE id = $1', [user.id]);
      expect(row).toEqual({ kyc_status: 'Unverified', blocked: false });
      // the back-office's own POST under another spelling is still the action (the guard reads what AdminJS runs)
      expect((await fetch(`${baseUrl}/admin/API/${record}/%76erifyKyc`, { method: 'POST', headers: { cookie, origin: baseUrl } })).status).toBe(200);
      expect((await sql<{ kyc_status: string }>('SELECT kyc_status FROM users WHERE id = $1', [user.id]))[0].kyc_status).toBe('Verified');
      // reads stay reads: show and list answer a GET
      expect((await fetch(`${baseUrl}/admin/api/${record}/show`, { headers: { cookie } })).status).toBe(200);
      expect((await fetch(`${baseUrl}/admin/API/resources/UserEntity/actions/list`, { headers: { cookie } })).status).toBe(200);
    });

    it('unknown actions, resources and pages answer 404, not 500 (issue 26)', async () => {
      const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [USER_EMAIL]);
      const record = `resources/UserEntity/records/${user.id}`;
      for (const path of [
        `/admin/api/${record}/Block`,
        `/admin/api/${record}/block%2f`,
        `/admin/api/${record}/nope`,
        `/admin/api/${record}/constructor`,
        `/admin/api/${record}/list`,
        `/admin/api/resources/User/records/${user.id}/show`,
        `/admin/api/resources/userentity/records/${user.id}/show`,
        '/admin/api/resources/UserEntity/actions/nope',
        '/admin/api/resources/UserEntity/actions/show',
        '/admin/api/resources/Nope/actions/list',
        '/admin/api/resources/Nope/search/x',
        '/admin/api/resources/UserEntity/bulk/nope?recordIds=1',
        '/admin/api/pages/nope',
      ]) {
        const res = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
      }
      const before = await sql('SELECT blocked, kyc_status FROM users WHERE id = $1', [user.id]);
      expect((await fetch(`${baseUrl}/admin/api/${record}/Block`, { method: 'POST', headers: { cookie, origin: baseUrl } })).status).toBe(404);
      expect((await fetch(`${baseUrl}/admin/api/${record}/Unblock`, { method: 'POST', headers: { cookie, origin: baseUrl } })).status).toBe(404);
      expect(await sql('SELECT blocked, kyc_status FROM users WHERE id = $1', [user.id])).toEqual(before);
    });

    it('approves a KYC submission through the same audited use case as PATCH user/update', async () => {
      const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [USER_EMAIL]);
      await sql("UPDATE users SET kyc_status = 'Pending' WHERE id = $1", [user.id]);
      const [submission] = await sql<{ id: string }>(
        `INSERT INTO kyc_submissions (user_id, document_type, document_number, status, files)
         VALUES ($1, 'passport', 'P123456', 'Pending', '{}'::jsonb) RETURNING id`,
        [user.id],
      );
      const res = await fetch(`${baseUrl}/admin/api/resources/KycSubmissionEntity/records/${submission.id}/approve`, { method: 'POST', headers: { cookie, origin: baseUrl } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { notice: { type: string } }).notice.type).toBe('success');
      expect((await sql<{ kyc_status: string }>('SELECT kyc_status FROM users WHERE id = $1', [user.id]))[0].kyc_status).toBe('Verified');
      expect((await sql<{ status: string }>('SELECT status FROM kyc_submissions WHERE id = $1', [submission.id]))[0].status).toBe('Verified');
      const [admin] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [ADMIN_EMAIL]);
      const audit = await sql<{ actor_id: string }>("SELECT actor_id FROM audit_log WHERE action = 'user.kyc_change' AND target_id = $1", [user.id]);
      expect(audit).toEqual([{ actor_id: admin.id }]);
    });

    it('shows the ledger read-only', async () => {
      const list = await fetch(`${baseUrl}/admin/api/resources/LedgerAccountEntity/actions/list`, { headers: { cookie } });
      expect(list.status).toBe(200);
      const del = await fetch(`${baseUrl}/admin/api/resources/LedgerAccountEntity/records/1/delete`, { method: 'POST', headers: { cookie, origin: baseUrl } });
      expect(((await del.json()) as { record: { baseError: { type: string } } }).record.baseError.type).toBe('ForbiddenError');
      expect(await sql('SELECT 1 FROM ledger_accounts WHERE id = 1')).toHaveLength(1);
    });

    it('logs out', async () => {
      const res = await fetch(`${baseUrl}/admin/logout`, { headers: { cookie }, redirect: 'manual' });
      expect(res.status).toBe(302);
      const after = await fetch(`${baseUrl}/admin`, { headers: { cookie }, redirect: 'manual' });
      expect(after.status).toBe(302);
    });
  });

  describe('a session whose admin no longer qualifies', () => {
    const anAdmin = async (username: string) => {
      const email = `${username}@mirrorline.test`;
      const [row] = await sql<{ id: string }>(
        `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified)
         VALUES ($1, $2, 'Other', 'Admin', $3, '{User,Admin}', true) RETURNING id`,
        [email, username, await hash(ADMIN_PASSWORD, { algorithm: 2 })],
      );
      const secret = await enrol(email, ADMIN_PASSWORD);
      const res = await login(email, ADMIN_PASSWORD, totpCode(secret, { stepOffset: 1 }));
      expect(res.status).toBe(302);
      const cookie = sessionCookie(res)!;
      expect((await fetch(`${baseUrl}/admin`, { headers: { cookie }, redirect: 'manual' })).status).toBe(200);
      return { id: row.id, cookie };
    };
    const sessionsOf = async (id: string) =>
      Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM admin_sessions WHERE sess->'adminUser'->>'id' = $1`, [id]))[0].n);
    const expectSignedOut = async (who: { id: string; cookie: string }) => {
      const res = await fetch(`${baseUrl}/admin`, { headers: { cookie: who.cookie }, redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/admin/login');
      const api = await fetch(`${baseUrl}/admin/api/resources/UserEntity/actions/list`, { headers: { cookie: who.cookie }, redirect: 'manual' });
      expect(api.status).toBe(302);
      expect(await sessionsOf(who.id)).toBe(0);
    };

    it('is ended on the next request once the admin is blocked', async () => {
      const who = await anAdmin('blocked_later');
      expect(await sessionsOf(who.id)).toBe(1);
      await sql('UPDATE users SET blocked = true WHERE id = $1', [who.id]);
      await expectSignedOut(who);
    });

    it('is ended once the Admin role is removed', async () => {
      const who = await anAdmin('demoted_later');
      await sql(`UPDATE users SET roles = '{User}' WHERE id = $1`, [who.id]);
      await expectSignedOut(who);
    });

    it('is ended once the account is deleted', async () => {
      const who = await anAdmin('deleted_later');
      await sql('UPDATE users SET deleted_at = now() WHERE id = $1', [who.id]);
      await expectSignedOut(who);
    });

    it('audits actions with the socket address, not a client-written X-Forwarded-For (no trust proxy)', async () => {
      const who = await anAdmin('audited_admin');
      const [user] = await sql<{ id: string }>(
        `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified)
         VALUES ('xff-target@mirrorline.test', 'xff_target', 'X', 'F', 'x', '{User}', true) RETURNING id`,
      );
      const res = await fetch(`${baseUrl}/admin/api/resources/UserEntity/records/${user.id}/block`, {
        method: 'POST',
        headers: { cookie: who.cookie, origin: baseUrl, 'X-Forwarded-For': '6.6.6.6' },
      });
      expect(((await res.json()) as { notice: { type: string } }).notice.type).toBe('success');
      const [audit] = await sql<{ actor_id: string; ip: string | null }>("SELECT actor_id, ip FROM audit_log WHERE action = 'user.block' AND target_id = $1", [user.id]);
      expect(audit.actor_id).toBe(who.id);
      expect(audit.ip).toMatch(/127\.0\.0\.1/);
      expect(audit.ip).not.toContain('6.6.6.6');
    });
  });
});
