import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { SmtpMailer } from '@mirrorline/mail/testing';
import { eventually } from './support/eventually';
import { createTestApp, type TestApp } from './support/test-app';
import { freePort } from './support/free-port';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** The SMTP adapter against a real SMTP server (smtp-server) started by the test. */
describe('SmtpMailer against a real SMTP server', () => {
  let server: SMTPServer;
  let port: number;
  const received: Received[] = [];

  beforeAll(async () => {
    port = await freePort();
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const waitForMailTo = (address: string): Promise<Received> => eventually(() => received.find((m) => m.to.includes(address)), { what: `a mail to ${address}` });

  it('delivers from MAIL_FROM to the recipient with subject and text', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Mirrorline <no-reply@mirrorline.test>');
    try {
      await mailer.send({ to: 'direct@example.test', subject: 'Hello there', text: 'Your code is 424242.' });
    } finally {
      mailer.close();
    }
    const mail = await waitForMailTo('direct@example.test');
    expect(mail.from).toBe('no-reply@mirrorline.test');
    expect(mail.raw).toMatch(/^Subject: Hello there/m);
    expect(mail.raw).toMatch(/^From: Mirrorline <no-reply@mirrorline\.test>/m);
    expect(mail.raw).toContain('Your code is 424242.');
  });

  it('a send to an unreachable server rejects (the caller decides what to do)', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${await freePort()}`, 'x@mirrorline.test');
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });

  describe('the app with SMTP_URL set', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Mirrorline <codes@mirrorline.test>' });
    });
    afterAll(() => t.close());

    it('emails the sign-up code over SMTP; the code read from the received mail verifies the email', async () => {
      // The mail goes out after the 201 (in the background): waitForMailTo waits for it.
      await t.http()
        .post('/api/auth/register')
        .send({ username: 'smtp_user', firstname: 'Sam', lastname: 'Tp', email: 'smtp-user@example.test', password: 'correct horse battery' })
        .expect(201);
      const mail = await waitForMailTo('smtp-user@example.test');
      expect(mail.from).toBe('codes@mirrorline.test');
      const code = /verification code is (\d{6})/.exec(mail.raw)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      await t.http().post('/api/auth/verifyotp').send({ email: 'smtp-user@example.test', otp: code }).expect(200);
      await t.http().post('/api/auth/login').send({ email: 'smtp-user@example.test', password: 'correct horse battery' }).expect(200);
    });

    it('createnewotp and forgotpassword/sendotp mail the code too', async () => {
      await t.http()
        .post('/api/auth/register')
        .send({ username: 'smtp_again', firstname: 'Sam', lastname: 'Tp', email: 'smtp-again@example.test', password: 'correct horse battery' })
        .expect(201);
      await t.http().post('/api/auth/forgotpassword/sendotp').send({ email: 'smtp-again@example.test' }).expect(200);
      await eventually(() => received.filter((m) => m.to.includes('smtp-again@example.test')).length >= 2, { what: 'both mails' });
      const mails = received.filter((m) => m.to.includes('smtp-again@example.test'));
      // each mail is sent after its request's answer, on its own connection: on a busy machine the second can arrive first
      expect(mails.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]).sort()).toEqual(['Your Mirrorline password reset code', 'Your Mirrorline verification code']);
    });
  });

  describe('the app with a mail server that accepts connections and never answers', () => {
    let stalled: Server;
    const sockets: Socket[] = [];
    let t: TestApp;
    beforeAll(async () => {
      stalled = createServer((socket) => sockets.push(socket));
      const stalledPort = await freePort();
      await new Promise<void>((resolve) => stalled.listen(stalledPort, '127.0.0.1', resolve));
      // A greeting timeout far longer than any spec: a send ends only when the test server drops its connection.
      t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${stalledPort}?greetingTimeout=600000`, MAIL_FROM: 'codes@mirrorline.test' });
    });
    afterAll(async () => {
      // Shutdown waits for the mails in flight: dropping their connections fails them (logged), then the app closes.
      for (const socket of sockets) socket.destroy();
      await t.close();
      await new Promise<void>((resolve) => stalled.close(() => resolve()));
    });

    // No clock: the answers come while the three sends still wait for a greeting that never comes, so none of
    // them waited for its mail (a request that did could not answer before the server drops the connection).
    it('register, createnewotp and forgotpassword/sendotp answer without waiting for the mail', async () => {
      const email = 'stalled-mail@example.test';
      await t.http().post('/api/auth/register').send({ username: 'stalled_mail', firstname: 'S', lastname: 'M', email, password: 'correct horse battery' }).expect(201);
      await t.http().post('/api/auth/createnewotp').send({ email }).expect(200);
      await t.http().post('/api/auth/forgotpassword/sendotp').send({ email }).expect(200);
      // The sends are really under way (connections open on the stalled server), and none has ended.
      await eventually(() => sockets.length >= 3, { what: 'three SMTP connections' });
      expect(sockets.length).toBe(3);
      expect(sockets.filter((socket) => socket.destroyed || socket.readableEnded)).toEqual([]);
    });
  });
});
