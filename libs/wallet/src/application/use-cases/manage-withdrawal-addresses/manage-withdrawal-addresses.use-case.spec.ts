import { DomainError, FixedClock, type AppConfig } from '@mirrorline/shared';
import type { MfaCodes, SecurityAlerts } from '@mirrorline/auth';
import { InMemoryLedger, InMemoryUnitOfWork, InMemoryWalletTransactionRepository, InMemoryWithdrawalAddresses } from '../../../testing/in-memory-wallet.fakes';
import { ManageWithdrawalAddressesUseCase } from './manage-withdrawal-addresses.use-case';

const COOLDOWN_SECONDS = 86_400;

/** The step-up of MfaCodes.requireForAction as the use case sees it: users with 2FA need the code (here '123456'). */
class StepUp {
  readonly withMfa = new Set<string>();
  async requireForAction(userId: string, code: string | undefined): Promise<void> {
    if (!this.withMfa.has(userId)) return;
    if (!code) throw new DomainError('MFA_REQUIRED', 'Enter the code from your authenticator app (X-MFA-Code header)', 'forbidden');
    if (code !== '123456') throw new DomainError('MFA.INVALID_CODE', 'Invalid code', 'validation');
  }
}

/** SecurityAlerts.raise, recorded. */
class Alerts {
  readonly raised: Array<{ userId: string; event: string; detail: string }> = [];
  async raise(userId: string, event: string, detail = ''): Promise<void> {
    this.raised.push({ userId, event, detail });
  }
}

function setup() {
  const addresses = new InMemoryWithdrawalAddresses();
  const clock = new FixedClock(new Date('2026-11-23T10:00:00Z'));
  const mfa = new StepUp();
  const alerts = new Alerts();
  const uow = new InMemoryUnitOfWork(new InMemoryLedger(), new InMemoryWalletTransactionRepository());
  const config = { withdrawalAddressCooldownSeconds: COOLDOWN_SECONDS } as AppConfig;
  const useCase = new ManageWithdrawalAddressesUseCase(uow, addresses, clock, mfa as unknown as MfaCodes, alerts as unknown as SecurityAlerts, config);
  return { addresses, clock, mfa, alerts, useCase };
}

describe('ManageWithdrawalAddressesUseCase (in memory)', () => {
  it('saves an address trimmed, usable only after the cool-down, and tells the owner', async () => {
    const s = setup();
    const added = await s.useCase.add({ userId: 'u1', label: '  Main bank ', destination: ' DE89 3704 ' });
    expect(added).toMatchObject({ label: 'Main bank', destination: 'DE89 3704', createdAt: '2026-11-23T10:00:00.000Z', usableAt: '2026-11-24T10:00:00.000Z' });
    expect(await s.useCase.list('u1')).toEqual({ items: [added] });
    expect(await s.useCase.list('u2')).toEqual({ items: [] });
    expect(s.alerts.raised).toEqual([{ userId: 'u1', event: 'address_added', detail: 'Main bank (DE89 3704)' }]);
    // withdrawals check isUsable: not before the cool-down has passed
    expect(await s.addresses.isUsable(null as never, 'u1', 'DE89 3704', s.clock.now())).toBe(false);
    expect(await s.addresses.isUsable(null as never, 'u1', 'DE89 3704', new Date(added.usableAt))).toBe(true);
  });

  it('asks a user with 2FA for the code first: without it or with a wrong one nothing is saved and nobody is told', async () => {
    const s = setup();
    s.mfa.withMfa.add('u1');
    await expect(s.useCase.add({ userId: 'u1', label: 'x', destination: 'IBAN' })).rejects.toMatchObject({ code: 'MFA_REQUIRED', kind: 'forbidden' });
    await expect(s.useCase.add({ userId: 'u1', label: 'x', destination: 'IBAN', mfaCode: '000000' })).rejects.toMatchObject({ code: 'MFA.INVALID_CODE' });
    expect(s.addresses.rows).toEqual([]);
    expect(s.alerts.raised).toEqual([]);
    await expect(s.useCase.add({ userId: 'u1', label: 'x', destination: 'IBAN', mfaCode: '123456' })).resolves.toMatchObject({ destination: 'IBAN' });
  });

  it('refuses an empty or over-long destination (400 VALIDATION_FAILED) before asking for the code', async () => {
    const s = setup();
    s.mfa.withMfa.add('u1');
    for (const destination of ['', '   ', 'x'.repeat(10_000)]) {
      await expect(s.useCase.add({ userId: 'u1', label: 'x', destination })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', kind: 'validation' });
    }
    expect(s.addresses.rows).toEqual([]);
  });

  it('a destination saved twice is a 409 WALLET.ADDRESS_EXISTS, and the owner is told once', async () => {
    const s = setup();
    await s.useCase.add({ userId: 'u1', label: 'a', destination: 'IBAN' });
    await expect(s.useCase.add({ userId: 'u1', label: 'b', destination: ' IBAN' })).rejects.toMatchObject({ code: 'WALLET.ADDRESS_EXISTS', kind: 'conflict' });
    expect(s.addresses.rows).toHaveLength(1);
    expect(s.alerts.raised).toHaveLength(1);
    // another user may save the same destination
    await expect(s.useCase.add({ userId: 'u2', label: 'a', destination: 'IBAN' })).resolves.toMatchObject({ destination: 'IBAN' });
  });

  it('keeps at most 20 addresses a user: the 21st is a 409 WALLET.ADDRESS_LIMIT until one is deleted', async () => {
    const s = setup();
    const saved = [];
    for (let i = 0; i < 20; i++) saved.push(await s.useCase.add({ userId: 'u1', label: `a${i}`, destination: `D${i}` }));
    await expect(s.useCase.add({ userId: 'u1', label: 'more', destination: 'D20' })).rejects.toMatchObject({ code: 'WALLET.ADDRESS_LIMIT', kind: 'conflict' });
    expect(s.addresses.rows).toHaveLength(20);
    await expect(s.useCase.remove('u1', saved[0].id)).resolves.toEqual({ message: 'Withdrawal address deleted' });
    await expect(s.useCase.add({ userId: 'u1', label: 'more', destination: 'D20' })).resolves.toMatchObject({ destination: 'D20' });
  });

  it("deletes only the user's own address: another user's id, or one already deleted, is a 404", async () => {
    const s = setup();
    const mine = await s.useCase.add({ userId: 'u1', label: 'a', destination: 'IBAN' });
    await expect(s.useCase.remove('u2', mine.id)).rejects.toMatchObject({ code: 'WALLET.ADDRESS_NOT_FOUND', kind: 'not_found' });
    expect(s.addresses.rows).toHaveLength(1);
    await s.useCase.remove('u1', mine.id);
    await expect(s.useCase.remove('u1', mine.id)).rejects.toMatchObject({ code: 'WALLET.ADDRESS_NOT_FOUND' });
    expect(await s.useCase.list('u1')).toEqual({ items: [] });
  });
});
