import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { CopyRepository } from '../../ports/copy-repository';
import { CopyTradingQueries, type CopySettings } from '../../ports/copy-trading-queries';

export interface UpdateCopySettingsCommand {
  userId: string;
  /** cents, or null to remove the limit */
  dailyLossLimit: number | null;
}

/** The account-wide daily loss limit: once today's (UTC) realised copy losses reach it, new trades are skipped. */
@Injectable()
export class UpdateCopySettingsUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly queries: CopyTradingQueries,
  ) {}

  async execute(command: UpdateCopySettingsCommand): Promise<CopySettings> {
    await this.uow.run((tx) =>
      this.copies.setDailyLossLimit(tx, command.userId, command.dailyLossLimit === null ? null : BigInt(command.dailyLossLimit)),
    );
    return this.queries.settings(command.userId);
  }
}
