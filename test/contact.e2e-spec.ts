import { Mailer } from '@mirrorline/mail';
import { captureMails } from '@mirrorline/mail/testing';
import { type InMemoryMailer } from '@mirrorline/mail/testing';
import { createTestApp, type TestApp } from './support/test-app';
import { Contract } from './support/contract';
import { createUser } from './support/users';

describe('contact form (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  let outbox: InMemoryMailer;
  let contract: Contract;
  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'Support@Mirrorline.test' });
    outbox = captureMails(t.app.get(Mailer));
    contract = await Contract.of(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const valid = { name: 'Jane Doe', email: 'Jane@Example.com', subject: 'Profit share', message: 'How is the profit share computed when I stop a copy?' };

  it('stores the message, mails it to SUPPORT_EMAIL and lists it for admins, newest first', async () => {
    const res = await t.http().post('/api/contact').send(valid).expect(201);
    contract.check(res);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), message: expect.stringContaining('sent to our support team') });
    const mail = outbox.sent.find((m) => m.subject === '[Contact] Profit share');
    expect(mail?.to).toBe('support@mirrorline.test');
    expect(mail?.text).toContain('From: Jane Doe <jane@example.com>');
    expect(mail?.text).toContain(valid.message);

    await t.http().post('/api/contact').send({ ...valid, subject: 'Second' }).expect(201);
    const admin = await createUser(t, { roles: ['User', 'Admin'] });
    const list = await t.http().get('/api/admin/contact-messages?page=1&limit=10').set('Authorization', admin.bearer).expect(200);
    contract.check(list);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'Profit share']);
    expect(list.body.items[1]).toMatchObject({ id: res.body.id, name: 'Jane Doe', email: 'jane@example.com', message: valid.message, userId: null });
  });

  it('refuses missing or oversized fields with a 400, storing nothing', async () => {
    const before = (await t.sql<{ n: string }>('SELECT count(*) AS n FROM contact_messages'))[0].n;
    contract.check(await t.http().post('/api/contact').send({ ...valid, email: 'not-an-email' }).expect(400));
    await t.http().post('/api/contact').send({ ...valid, message: 'short' }).expect(400);
    await t.http().post('/api/contact').send({ ...valid, message: 'x'.repeat(5001) }).expect(400);
    await t.http().post('/api/contact').send({ name: 'A' }).expect(400);
    expect((await t.sql<{ n: string }>('SELECT count(*) AS n FROM contact_messages'))[0].n).toBe(before);
  });

  it('the list is for admins only', async () => {
    const user = await createUser(t);
    await t.http().get('/api/admin/contact-messages').expect(401);
    await t.http().get('/api/admin/contact-messages').set('Authorization', user.bearer).expect(403);
  });
});
