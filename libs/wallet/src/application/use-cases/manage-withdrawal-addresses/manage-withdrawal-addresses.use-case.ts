import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, DomainError, UnitOfWork, type AppConfig } from '@mirrorline/shared';
import { MfaCodes, SecurityAlerts } from '@mirrorline/auth';
import { parseDestination } from '../../../domain/amount';
import { WithdrawalAddresses, type WithdrawalAddress } from '../../ports/withdrawal-addresses';

const MAX_ADDRESSES = 20;

export interface WithdrawalAddressView {
  id: string;
  label: string;
  destination: string;
  createdAt: string;
  usableAt: string;
}

const view = (a: WithdrawalAddress): WithdrawalAddressView => ({
  id: a.id,
  label: a.label,
  destination: a.destination,
  createdAt: a.createdAt.toISOString(),
  usableAt: a.usableAt.toISOString(),
});

/**
 * GET/POST wallet/addresses/, DELETE wallet/addresses/:id. A new address becomes usable only after
 * WITHDRAWAL_ADDRESS_COOLDOWN (default 24 h): whoever takes over a session cannot add their own
 * destination and withdraw to it at once, and the owner is mailed in the meantime.
 */
@Injectable()
export class ManageWithdrawalAddressesUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly addresses: WithdrawalAddresses,
    private readonly clock: Clock,
    private readonly mfa: MfaCodes,
    private readonly alerts: SecurityAlerts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(userId: string): Promise<{ items: WithdrawalAddressView[] }> {
    return { items: (await this.uow.run((tx) => this.addresses.list(tx, userId))).map(view) };
  }

  async add(command: { userId: string; label: string; destination: string; mfaCode?: string }): Promise<WithdrawalAddressView> {
    const destination = parseDestination(command.destination).trim();
    const label = command.label.trim();
    await this.mfa.requireForAction(command.userId, command.mfaCode);
    const now = this.clock.now();
    const saved = await this.uow.run(async (tx) => {
      if ((await this.addresses.count(tx, command.userId)) >= MAX_ADDRESSES) {
        throw new DomainError('WALLET.ADDRESS_LIMIT', `At most ${MAX_ADDRESSES} withdrawal addresses; delete one first`, 'conflict');
      }
      const usableAt = new Date(now.getTime() + this.config.withdrawalAddressCooldownSeconds * 1000);
      const inserted = await this.addresses.insert(tx, { userId: command.userId, label, destination, createdAt: now, usableAt });
      if (!inserted) throw new DomainError('WALLET.ADDRESS_EXISTS', 'This withdrawal address is already saved', 'conflict');
      return inserted;
    });
    await this.alerts.raise(command.userId, 'address_added', `${label} (${destination})`);
    return view(saved);
  }

  async remove(userId: string, id: string): Promise<{ message: string }> {
    const removed = await this.uow.run((tx) => this.addresses.remove(tx, userId, id));
    if (!removed) throw new DomainError('WALLET.ADDRESS_NOT_FOUND', 'Withdrawal address not found', 'not_found');
    return { message: 'Withdrawal address deleted' };
  }
}
