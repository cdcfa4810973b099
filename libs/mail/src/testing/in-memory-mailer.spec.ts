import { captureMails, InMemoryMailer } from './in-memory-mailer';
import { LogMailer } from '../adapters/log/log.mailer';

describe('InMemoryMailer', () => {
  it('keeps mails per recipient and reads the last 6-digit code', async () => {
    const mailer = new InMemoryMailer();
    await mailer.send({ to: 'A@x.test', subject: 's', text: 'Your code is 111111. It expires in 10 minutes.' });
    await mailer.send({ to: 'a@x.test', subject: 's', text: 'Your code is 222222.' });
    expect(mailer.to('a@x.test')).toHaveLength(2);
    expect(mailer.lastCodeFor('a@X.test')).toBe('222222');
    expect(() => mailer.lastCodeFor('b@x.test')).toThrow(/No code/);
  });

  it('captureMails redirects an existing Mailer instance', async () => {
    const real = new LogMailer();
    const outbox = captureMails(real);
    await real.send({ to: 'c@x.test', subject: 's', text: 'code 333333' });
    expect(outbox.lastCodeFor('c@x.test')).toBe('333333');
  });
});
