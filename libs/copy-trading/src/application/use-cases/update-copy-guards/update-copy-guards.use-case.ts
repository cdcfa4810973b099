import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { checkCopyGuards, copyErrors } from '../../../domain/copy';
import { CopyRepository } from '../../ports/copy-repository';
import { lockOwnCopy } from '../add-copy-funds/add-copy-funds.use-case';

export interface UpdateCopyGuardsCommand {
  userId: string;
  copyId: string;
  /** the equity floor in % of invested (5–95); null clears it; undefined keeps it */
  stopLossPct?: number | null;
  /** the copy take profit in % above invested (1–1000); null clears it; undefined keeps it */
  takeProfitPct?: number | null;
}

/**
 * PATCH copies/:id/settings (product.md §12.1): the guards of a running copy, effective at once — the price watcher's
 * next cycle (within a second) checks the copy's live equity against them. Under the copy's lock, so a close-out or a
 * settlement of this copy sees either the old guards or the new ones, never half of each.
 */
@Injectable()
export class UpdateCopyGuardsUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
  ) {}

  execute(command: UpdateCopyGuardsCommand): Promise<{ copyId: string }> {
    return this.uow.run(async (tx) => {
      const copy = await lockOwnCopy(tx, this.copies, command.userId, command.copyId);
      if (copy.status === 'stopped') throw copyErrors.ended();
      const stopLossPct = command.stopLossPct === undefined ? copy.stopLossPct : command.stopLossPct;
      const takeProfitPct = command.takeProfitPct === undefined ? copy.takeProfitPct : command.takeProfitPct;
      checkCopyGuards(stopLossPct, takeProfitPct);
      await this.copies.updateCopy(tx, copy.id, { stopLossPct, takeProfitPct });
      return { copyId: copy.id };
    });
  }
}
