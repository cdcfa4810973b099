import { Injectable } from '@nestjs/common';
import { TRIGGERED_LISTED_DAYS, type PriceAlert } from '../../../domain/price-alert';
import { AlertStore } from '../../ports/alert-store';

/** GET alerts: the caller's active alerts and those triggered in the last TRIGGERED_LISTED_DAYS days, newest first. */
@Injectable()
export class ListAlertsUseCase {
  constructor(private readonly store: AlertStore) {}

  async execute(command: { userId: string }): Promise<{ items: PriceAlert[] }> {
    return { items: await this.store.list(command.userId, TRIGGERED_LISTED_DAYS) };
  }
}
