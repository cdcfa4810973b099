import { Logger } from '@nestjs/common';
import { LogMailer } from './log.mailer';

describe('LogMailer (dev default)', () => {
  it('writes the mail, code included, to the application log', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    try {
      await new LogMailer().send({ to: 'dev@example.test', subject: 'Your code', text: 'Your code is 123456.' });
      expect(log).toHaveBeenCalledTimes(1);
      const [payload, message] = log.mock.calls[0] as [Record<string, Record<string, string>>, string];
      expect(payload.mail).toEqual({ to: 'dev@example.test', subject: 'Your code', body: 'Your code is 123456.' });
      expect(message).toContain('dev@example.test');
    } finally {
      log.mockRestore();
    }
  });
});
