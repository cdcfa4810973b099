import { Logger } from '@nestjs/common';
import { DomainError, FixedClock } from '@mirrorline/shared';
import { IssueOneTimeCodeUseCase, VerifyOneTimeCodeUseCase } from '@mirrorline/otp';
import { InMemoryOneTimeCodeRepository } from '@mirrorline/otp/testing';
import { Mailer, type OutgoingMail } from '@mirrorline/mail';
import { InMemoryMailer } from '@mirrorline/mail/testing';
import {
  FakePasswordHasher,
  ImmediateUnitOfWork,
  InMemoryCodeTryLog,
  InMemoryPasswordResetTokens,
  InMemoryUserAccounts,
} from '../../testing/in-memory-auth.fakes';
import { CodeMailer } from '../services/code-mailer';
import { CodeTryThrottle } from '../services/code-try-throttle';
import { RegisterUserUseCase } from './register-user/register-user.use-case';
import { ResendVerificationCodeUseCase } from './resend-verification-code/resend-verification-code.use-case';
import { SendPasswordResetCodeUseCase } from './send-password-reset-code/send-password-reset-code.use-case';
import { VerifyEmailUseCase } from './verify-email/verify-email.use-case';
import { VerifyPasswordResetCodeUseCase } from './verify-password-reset-code/verify-password-reset-code.use-case';

const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return { status: 'resolved' };
  } catch (error) {
    const e = error as DomainError;
    return { code: e.code, message: e.message, kind: e.kind, retry: typeof e.details.retryAfterSeconds === 'number' };
  }
};

/** Never answers, like an SMTP server that accepted the connection and stalled. */
class StuckMailer extends Mailer {
  readonly sent: OutgoingMail[] = [];
  send(mail: OutgoingMail): Promise<void> {
    this.sent.push(mail);
    return new Promise(() => undefined);
  }
}

class FailingMailer extends Mailer {
  async send(): Promise<void> {
    throw new Error('421 mail server unavailable');
  }
}

describe('one-time-code use cases (in-memory fakes)', () => {
  let accounts: InMemoryUserAccounts;
  let clock: FixedClock;
  let tryLog: InMemoryCodeTryLog;
  let outbox: InMemoryMailer;
  let build: (mailer?: Mailer) => {
    register: RegisterUserUseCase;
    resend: ResendVerificationCodeUseCase;
    verifyEmail: VerifyEmailUseCase;
    sendReset: SendPasswordResetCodeUseCase;
    verifyReset: VerifyPasswordResetCodeUseCase;
    codeMailer: CodeMailer;
  };

  beforeEach(() => {
    const uow = new ImmediateUnitOfWork();
    accounts = new InMemoryUserAccounts();
    clock = new FixedClock();
    tryLog = new InMemoryCodeTryLog();
    outbox = new InMemoryMailer();
    const repo = new InMemoryOneTimeCodeRepository();
    const pepper = { value: 'unit-pepper' };
    const issue = new IssueOneTimeCodeUseCase(repo, pepper, clock);
    const verify = new VerifyOneTimeCodeUseCase(repo, pepper, clock);
    const tries = new CodeTryThrottle(tryLog, clock);
    build = (mailer: Mailer = outbox) => {
      const codeMailer = new CodeMailer(mailer);
      return {
        register: new RegisterUserUseCase(uow, accounts, new FakePasswordHasher(), issue, codeMailer, tries),
        resend: new ResendVerificationCodeUseCase(uow, accounts, issue, codeMailer, tries),
        verifyEmail: new VerifyEmailUseCase(uow, accounts, verify, tries),
        sendReset: new SendPasswordResetCodeUseCase(uow, accounts, issue, codeMailer, tries),
        verifyReset: new VerifyPasswordResetCodeUseCase(uow, accounts, verify, new InMemoryPasswordResetTokens(), clock, tries),
        codeMailer,
      };
    };
  });

  const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');

  describe.each([
    ['email verification', 'verifyEmail', 'resend'],
    ['password reset', 'verifyReset', 'sendReset'],
  ] as const)('%s: wrong tries are counted per email, account or not', (_label, verifyName, requestName) => {
    it('an unknown email answers 400 five times, then 429 exactly like a known one', async () => {
      const uc = build();
      accounts.add({ email: 'known@example.test', emailVerified: false });
      await uc[requestName].execute({ email: 'known@example.test' });
      const code = outbox.lastCodeFor('known@example.test');
      const answers = async (email: string, otp: string) => {
        const out = [];
        for (let i = 0; i < 6; i++) out.push(await failureOf(uc[verifyName].execute({ email, otp })));
        return out;
      };
      const known = await answers('known@example.test', wrongFor(code));
      const unknown = await answers('Nobody@Example.test', '123456');
      expect(unknown).toEqual(known);
      expect(unknown.slice(0, 5).every((a) => a.code === 'OTP.INVALID' && a.kind === 'validation')).toBe(true);
      expect(unknown[5]).toEqual({ code: 'OTP.TOO_MANY_ATTEMPTS', message: 'Too many wrong codes. Request a new code.', kind: 'too_many_requests', retry: true });
    });

    it('the block ends after 10 minutes; asking for a new code starts over for every email alike', async () => {
      const uc = build();
      for (let i = 0; i < 5; i++) await failureOf(uc[verifyName].execute({ email: 'ghost@example.test', otp: '123456' }));
      expect((await failureOf(uc[verifyName].execute({ email: 'ghost@example.test', otp: '123456' }))).code).toBe('OTP.TOO_MANY_ATTEMPTS');
      await uc[requestName].execute({ email: 'ghost@example.test' });
      expect((await failureOf(uc[verifyName].execute({ email: 'ghost@example.test', otp: '123456' }))).code).toBe('OTP.INVALID');
      for (let i = 0; i < 4; i++) await failureOf(uc[verifyName].execute({ email: 'ghost@example.test', otp: '123456' }));
      expect((await failureOf(uc[verifyName].execute({ email: 'ghost@example.test', otp: '123456' }))).code).toBe('OTP.TOO_MANY_ATTEMPTS');
      clock.advance(10 * 60 * 1000);
      expect((await failureOf(uc[verifyName].execute({ email: 'ghost@example.test', otp: '123456' }))).code).toBe('OTP.INVALID');
    });

    it('code requests for an email without a code reset the tries at most 5 times per 15 minutes, like sending', async () => {
      const uc = build();
      for (let round = 0; round < 5; round++) {
        await uc[requestName].execute({ email: 'ghost@example.test' });
        for (let i = 0; i < 5; i++) await failureOf(uc[verifyName].execute({ email: 'ghost@example.test', otp: '123456' }));
      }
      await uc[requestName].execute({ email: 'ghost@example.test' });
      expect((await failureOf(uc[verifyName].execute({ email: 'ghost@example.test', otp: '123456' }))).code).toBe('OTP.TOO_MANY_ATTEMPTS');
    });
  });

  it('the try lock is taken first in every transaction that touches codes (one lock order, no deadlock)', async () => {
    const uc = build();
    await uc.register.execute({ username: 'jane', firstname: 'J', lastname: 'D', email: 'jane@example.test', password: 'correct horse' });
    await uc.resend.execute({ email: 'jane@example.test' });
    await failureOf(uc.verifyEmail.execute({ email: 'jane@example.test', otp: '123456' }));
    expect(tryLog.locked.length).toBe(3);
    expect(new Set(tryLog.locked).size).toBe(1);
  });

  it('a success clears the count', async () => {
    const uc = build();
    accounts.add({ email: 'jane@example.test', emailVerified: false });
    await uc.resend.execute({ email: 'jane@example.test' });
    const code = outbox.lastCodeFor('jane@example.test');
    for (let i = 0; i < 4; i++) await failureOf(uc.verifyEmail.execute({ email: 'jane@example.test', otp: wrongFor(code) }));
    await uc.verifyEmail.execute({ email: 'jane@example.test', otp: code });
    expect(tryLog.events).toHaveLength(0);
  });

  describe('mail is sent after the commit without holding the request', () => {
    it('a stuck mail server does not hold createnewotp, forgotpassword/sendotp or register', async () => {
      const stuck = new StuckMailer();
      const uc = build(stuck);
      accounts.add({ email: 'jane@example.test', emailVerified: false });
      await expect(uc.resend.execute({ email: 'jane@example.test' })).resolves.toEqual({ message: expect.any(String) });
      await expect(uc.sendReset.execute({ email: 'jane@example.test' })).resolves.toEqual({ message: expect.any(String) });
      await expect(uc.register.execute({ username: 'sam', firstname: 'S', lastname: 'T', email: 'sam@example.test', password: 'correct horse' })).resolves.toBeDefined();
      // Handed over before the answer.
      expect(stuck.sent.map((m) => m.to)).toEqual(['jane@example.test', 'jane@example.test', 'sam@example.test']);
    });

    it('a failed send is logged with recipient and subject, never the code; the request still succeeds', async () => {
      const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      try {
        const uc = build(new FailingMailer());
        accounts.add({ email: 'jane@example.test' });
        await expect(uc.sendReset.execute({ email: 'jane@example.test' })).resolves.toEqual({ message: expect.any(String) });
        await uc.codeMailer.idle();
        expect(error).toHaveBeenCalledTimes(1);
        const [fields, message] = error.mock.calls[0] as [Record<string, unknown>, string];
        expect(message).toBe('Could not send mail');
        expect(fields).toMatchObject({ to: 'jane@example.test', subject: 'Your Mirrorline password reset code' });
        expect((fields.err as Error).message).toContain('421');
        expect(JSON.stringify(fields)).not.toMatch(/\d{6}/);
      } finally {
        error.mockRestore();
      }
    });

    it('shutdown waits for mails still on their way', async () => {
      let deliver!: () => void;
      const slow = new (class extends Mailer {
        send(): Promise<void> {
          return new Promise((resolve) => (deliver = resolve));
        }
      })();
      const uc = build(slow);
      accounts.add({ email: 'jane@example.test' });
      await uc.sendReset.execute({ email: 'jane@example.test' });
      let done = false;
      const shutdown = uc.codeMailer.beforeApplicationShutdown().then(() => (done = true));
      await new Promise((r) => setImmediate(r));
      expect(done).toBe(false);
      deliver();
      await shutdown;
      expect(done).toBe(true);
    });
  });
});
