import { Injectable } from '@nestjs/common';
import { UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { Ledger } from '@mirrorline/wallet';
import { Notifications } from '@mirrorline/notifications';
import { formatCents } from '@mirrorline/shared';
import { nextStatus, type CopyStatus } from '../../../domain/copy';
import { copyEndedNotice } from '../../../domain/copy-notices';
import { CopyRepository, type CopyState } from '../../ports/copy-repository';
import { lockOwnCopy } from '../add-copy-funds/add-copy-funds.use-case';

export interface ChangeCopyStatusCommand {
  userId: string;
  copyId: string;
  action: 'pause' | 'resume' | 'stop';
}

export interface ChangeCopyStatusResult {
  copyId: string;
  status: CopyStatus;
  returned: string | null;
}

/**
 * Pause (no new trades), resume, stop (no new trades; open positions stay until the trader closes
 * them). A stop with no open position ends the copy at once and returns its equity to cash; otherwise
 * the settlement of the last open position ends it (TradeEngine.settle).
 */
@Injectable()
export class ChangeCopyStatusUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly ledger: Ledger,
    private readonly notifications: Notifications,
  ) {}

  execute(command: ChangeCopyStatusCommand): Promise<ChangeCopyStatusResult> {
    return this.uow.run(async (tx) => this.apply(tx, command, await lockOwnCopy(tx, this.copies, command.userId, command.copyId)));
  }

  /** The change on a copy the caller has locked (lockOwnCopy) in this transaction. */
  async apply(tx: TransactionContext, command: ChangeCopyStatusCommand, copy: CopyState): Promise<ChangeCopyStatusResult> {
    const status = nextStatus(copy.status, command.action);
    if (status !== 'stopping' || copy.openPositions > 0) {
      if (status !== copy.status) {
        await this.copies.updateCopy(tx, copy.id, command.action === 'stop' ? { status, stopReason: 'user' } : { status });
      }
      return { copyId: copy.id, status, returned: null };
    }
    if (copy.equity > 0n) {
      const equity = await this.ledger.copyEquityAccount(tx, command.userId, copy.id);
      const cash = await this.ledger.userAccount(tx, command.userId, 'cash');
      await this.ledger.transfer(tx, { type: 'copy_return', reference: `copy:${copy.id}:return`, from: equity, to: cash, amount: Number(copy.equity) });
    }
    await this.copies.updateCopy(tx, copy.id, { status: 'stopped', stopReason: 'user', ended: true });
    await this.notifications.notify(tx, [copyEndedNotice(command.userId, copy.id, copy.equity)]);
    return { copyId: copy.id, status: 'stopped', returned: formatCents(copy.equity) };
  }
}
