import { DomainError, FixedClock, type TransactionContext } from '@mirrorline/shared';
import { InMemoryOneTimeCodeRepository } from '../../testing/in-memory-one-time-code.repository';
import { OTP_SEND_LIMIT } from '../../domain/one-time-code';
import { otpFailure } from '../../domain/otp-errors';
import { IssueOneTimeCodeUseCase } from './issue-one-time-code/issue-one-time-code.use-case';
import { VerifyOneTimeCodeUseCase } from './verify-one-time-code/verify-one-time-code.use-case';

const tx = { kind: 'transaction' } as TransactionContext;

describe('IssueOneTimeCodeUseCase + VerifyOneTimeCodeUseCase (in-memory)', () => {
  let repo: InMemoryOneTimeCodeRepository;
  let clock: FixedClock;
  let issue: IssueOneTimeCodeUseCase;
  let verify: VerifyOneTimeCodeUseCase;

  beforeEach(() => {
    repo = new InMemoryOneTimeCodeRepository();
    clock = new FixedClock();
    const pepper = { value: 'unit-pepper' };
    issue = new IssueOneTimeCodeUseCase(repo, pepper, clock);
    verify = new VerifyOneTimeCodeUseCase(repo, pepper, clock);
  });

  it('issues a code that verifies once, stored hashed', async () => {
    const issued = await issue.execute(tx, { userId: 'u1', purpose: 'email_verification' });
    expect(repo.rows[0].codeHash).not.toContain(issued!.code);
    expect(await verify.execute(tx, { userId: 'u1', purpose: 'email_verification', code: issued!.code })).toEqual({ kind: 'verified' });
    expect(await verify.execute(tx, { userId: 'u1', purpose: 'email_verification', code: issued!.code })).toEqual({ kind: 'missing' });
  });

  it('a new code retires the previous one', async () => {
    const first = await issue.execute(tx, { userId: 'u1', purpose: 'email_verification' });
    const second = await issue.execute(tx, { userId: 'u1', purpose: 'email_verification' });
    if (first!.code !== second!.code) {
      expect((await verify.execute(tx, { userId: 'u1', purpose: 'email_verification', code: first!.code })).kind).toBe('wrong');
    }
    expect((await verify.execute(tx, { userId: 'u1', purpose: 'email_verification', code: second!.code })).kind).toBe('verified');
  });

  it('a code does not serve the other purpose', async () => {
    const issued = await issue.execute(tx, { userId: 'u1', purpose: 'password_reset' });
    expect((await verify.execute(tx, { userId: 'u1', purpose: 'email_verification', code: issued!.code })).kind).toBe('missing');
    expect((await verify.execute(tx, { userId: 'u1', purpose: 'password_reset', code: issued!.code })).kind).toBe('verified');
  });

  it('wrong tries are persisted and burn the code at 5', async () => {
    const issued = await issue.execute(tx, { userId: 'u1', purpose: 'email_verification' });
    const wrong = issued!.code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) await verify.execute(tx, { userId: 'u1', purpose: 'email_verification', code: wrong });
    expect(repo.rows[0].attempts).toBe(5);
    const outcome = await verify.execute(tx, { userId: 'u1', purpose: 'email_verification', code: issued!.code });
    expect(outcome.kind).toBe('burned');
  });

  it('expires with the clock', async () => {
    const issued = await issue.execute(tx, { userId: 'u1', purpose: 'email_verification' });
    clock.advance(10 * 60 * 1000);
    expect(await verify.execute(tx, { userId: 'u1', purpose: 'email_verification', code: issued!.code })).toEqual({ kind: 'expired' });
  });

  it('a malformed code or an unknown user never verifies', async () => {
    await issue.execute(tx, { userId: 'u1', purpose: 'email_verification' });
    expect((await verify.execute(tx, { userId: 'u1', purpose: 'email_verification', code: '12a456' })).kind).toBe('wrong');
    expect(await verify.execute(tx, { userId: null, purpose: 'email_verification', code: '123456' })).toEqual({ kind: 'missing' });
  });

  it(`sends at most ${OTP_SEND_LIMIT} codes per user and purpose per 15 minutes`, async () => {
    for (let i = 0; i < OTP_SEND_LIMIT; i++) expect(await issue.execute(tx, { userId: 'u1', purpose: 'email_verification' })).not.toBeNull();
    expect(await issue.execute(tx, { userId: 'u1', purpose: 'email_verification' })).toBeNull();
    expect(await issue.execute(tx, { userId: 'u1', purpose: 'password_reset' })).not.toBeNull();
    clock.advance(15 * 60 * 1000);
    expect(await issue.execute(tx, { userId: 'u1', purpose: 'email_verification' })).not.toBeNull();
  });

  it('takes the issuing lock before counting recent codes (parallel requests cannot exceed the limit)', async () => {
    await issue.execute(tx, { userId: 'u1', purpose: 'email_verification' });
    expect(repo.calls.slice(0, 2)).toEqual(['lockIssuing', 'countIssuedSince']);
  });

  it('maps failures: 400 for wrong/expired/missing, 429 with Retry-After for burned', () => {
    expect(otpFailure({ kind: 'wrong', attemptsLeft: 1 }).kind).toBe('validation');
    expect(otpFailure({ kind: 'expired' }).kind).toBe('validation');
    const burned: DomainError = otpFailure({ kind: 'burned', retryAfterSeconds: 0 });
    expect(burned.kind).toBe('too_many_requests');
    expect(burned.details.retryAfterSeconds).toBe(1);
  });
});
