import { createServer, type Server, type Socket } from 'node:net';
import { SMTP_TIMEOUTS, SmtpMailer } from './smtp.mailer';

type WithTransport = { transport: { transporter: { options: Record<string, unknown> } } };

describe('SmtpMailer timeouts', () => {
  it('bounds connection, greeting and socket waits by default (nodemailer would wait minutes)', () => {
    const mailer = new SmtpMailer('smtp://user:p%40ss@mail.example.test:2525', 'x@mirrorline.test');
    const options = (mailer as unknown as WithTransport).transport.transporter.options;
    expect(options).toMatchObject({ connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    // The URL is still what configures the server.
    expect(options).toMatchObject({ host: 'mail.example.test', port: 2525, secure: false, auth: { user: 'user', pass: 'p@ss' } });
    expect(SMTP_TIMEOUTS).toEqual({ connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    mailer.close();
  });

  it('SMTP_URL query parameters override a timeout', () => {
    const mailer = new SmtpMailer('smtp://mail.example.test:25?socketTimeout=60000', 'x@mirrorline.test');
    expect((mailer as unknown as WithTransport).transport.transporter.options).toMatchObject({ socketTimeout: 60_000, greetingTimeout: 10_000 });
    mailer.close();
  });

  describe('a server that accepts the connection and never greets', () => {
    let server: Server;
    let port: number;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      server = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('the send fails after the greeting timeout instead of hanging', async () => {
      const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'x@mirrorline.test', { connectionTimeout: 500, greetingTimeout: 300, socketTimeout: 1000 });
      // the greeting timeout's own error (a hanging send would end at the test's timeout instead)
      await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow(/greeting/i);
      mailer.close();
    });
  });
});
