import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { marketErrors } from '../../../domain/market-errors';
import { normalizeWatchlist } from '../../../domain/price-alert';
import { AlertStore } from '../../ports/alert-store';
import { InstrumentCatalogue } from '../../services/instrument-catalogue';

/**
 * PUT me/watchlist {symbols}: replaces the caller's list with these symbols in this order, each once. Every
 * symbol must be an instrument of the catalogue (MARKET.UNKNOWN_SYMBOL, 400, naming the first that is not),
 * at most WATCHLIST_MAX distinct ones (WATCHLIST.TOO_MANY, 400); nothing is written then.
 */
@Injectable()
export class ReplaceWatchlistUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: AlertStore,
    private readonly catalogue: InstrumentCatalogue,
  ) {}

  async execute(command: { userId: string; symbols: readonly string[] }): Promise<{ symbols: string[] }> {
    await this.catalogue.load();
    const unknown = command.symbols.find((s) => !this.catalogue.get(s));
    if (unknown !== undefined) throw marketErrors.unknownSymbol(unknown);
    const symbols = normalizeWatchlist(command.symbols);
    await this.uow.run((tx) => this.store.replaceWatchlist(tx, command.userId, symbols));
    return { symbols };
  }
}
