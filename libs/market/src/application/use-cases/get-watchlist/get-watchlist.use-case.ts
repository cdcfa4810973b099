import { Injectable } from '@nestjs/common';
import { AlertStore } from '../../ports/alert-store';

/** GET me/watchlist: the caller's symbols, in their order (empty until the first PUT). */
@Injectable()
export class GetWatchlistUseCase {
  constructor(private readonly store: AlertStore) {}

  async execute(command: { userId: string }): Promise<{ symbols: string[] }> {
    return { symbols: await this.store.watchlist(command.userId) };
  }
}
