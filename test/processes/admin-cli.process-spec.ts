import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * `npm run admin -- grant EMAIL` (product.md §11.4): the operator adds an Admin from the shell, audited, so a
 * single-admin installation is never stuck waiting for a second admin's approval. Run as the operator runs it
 * (the built CLI, in its own process) against the spec's database. The embedded-PostgreSQL path (a server
 * running from DATA_DIR) is used by the browser tier (test/browser/support/admin.ts, secondAdmin).
 */
describe('npm run admin -- grant EMAIL', () => {
  let t: TestApp;
  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
    expect(build.status).toBe(0);
    t = await createTestApp();
  }, 300_000);
  afterAll(() => t.close());

  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/admin.mjs', ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', DATABASE_URL: t.databaseUrl, DATA_DIR: mkdtempSync(join(tmpdir(), 'mirrorline-cli-')), LOG_LEVEL: 'silent' },
    });

  it('grants the Admin role at once, audited with no actor and via shell; a second run changes nothing', async () => {
    const user = await createUser(t, { email: 'solo-operator@example.test' });
    const run = cli('grant', 'Solo-Operator@Example.test');
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toContain('Granted the Admin role to solo-operator@example.test');
    expect((await t.sql<{ roles: string[] }>('SELECT roles FROM users WHERE id = ?', [user.id]))[0].roles).toEqual(['User', 'Admin']);
    const audit = await t.sql<{ actor_id: string | null; after: { via: string; roles: string[] } }>("SELECT actor_id, after FROM audit_log WHERE action = 'user.roles_change' AND target_id = ?", [user.id]);
    expect(audit).toEqual([{ actor_id: null, after: expect.objectContaining({ via: 'shell', roles: ['User', 'Admin'], operator: expect.any(String) }) }]);
    // the new admin is an Admin for the API at once (roles are read live), and must enrol in 2FA first
    const res = await t.http().get('/api/user/get-all').set('Authorization', user.bearer);
    expect(res.body.code).toBe('MFA_ENROLMENT_REQUIRED');

    const again = cli('grant', 'solo-operator@example.test');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('already has the Admin role');
    expect(await t.sql("SELECT 1 FROM audit_log WHERE action = 'user.roles_change' AND target_id = ?", [user.id])).toHaveLength(1);
  });

  it('an unknown email fails with one line and exit code 1; a wrong command prints the usage (exit 2)', () => {
    const unknown = cli('grant', 'nobody@example.test');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe('admin grant failed: No user has the email nobody@example.test');
    const usage = cli('promote', 'x@example.test');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: npm run admin -- grant EMAIL');
  });
});
