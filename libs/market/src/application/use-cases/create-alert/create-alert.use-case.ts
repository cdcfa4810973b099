import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { ACTIVE_ALERTS_MAX, alertErrors, alertPrice, type AlertDirection, type PriceAlert } from '../../../domain/price-alert';
import { MarketQuotes } from '../../ports/market-quotes';
import { AlertStore } from '../../ports/alert-store';
import { AlertTrigger } from '../../services/alert-trigger';

export interface CreateAlertCommand {
  userId: string;
  symbol: string;
  direction: AlertDirection;
  price: string;
  notifyByEmail: boolean;
}

/**
 * POST alerts: a price alert on a known instrument (MARKET.UNKNOWN_SYMBOL, 400), its price a positive decimal at
 * the instrument's precision (ALERT.BAD_PRICE, 400), at most ACTIVE_ALERTS_MAX active per user (ALERT.TOO_MANY, 409).
 * "At once if the market already is" (product.md §12.5): in the same transaction, the new alert is checked against
 * the instrument's latest quote (however old: a closed market stands at its last price), and spent right there
 * when that quote is at or beyond its price, notification included; the answer then shows it triggered.
 */
@Injectable()
export class CreateAlertUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: AlertStore,
    private readonly market: MarketQuotes,
    private readonly trigger: AlertTrigger,
  ) {}

  async execute(command: CreateAlertCommand): Promise<PriceAlert> {
    const instrument = this.market.instrument(command.symbol);
    const price = alertPrice(command.price, instrument.priceDecimals);
    if (!price) throw alertErrors.badPrice(instrument.symbol, instrument.priceDecimals);
    const last = (await this.market.lastQuotes()).get(instrument.symbol);
    return this.uow.run(async (tx) => {
      const alert = await this.store.create(tx, command.userId, { ...command, symbol: instrument.symbol, price }, ACTIVE_ALERTS_MAX);
      if (!alert) throw alertErrors.tooMany();
      if (!last) return alert;
      const [spent] = await this.trigger.spend(tx, [last], alert.id);
      if (!spent) return alert;
      const { userId: _owner, ...triggered } = spent;
      return triggered;
    });
  }
}
