import { Module } from '@nestjs/common';
import { UserInfoExtras } from '@mirrorline/auth';
import { OpenPositionsValue } from '@mirrorline/shared';
import { WalletModule } from '@mirrorline/wallet';
import { CopyRepository } from './application/ports/copy-repository';
import { CopyTradingQueries } from './application/ports/copy-trading-queries';
import { TradeEngine } from './application/ports/trade-engine';
import { CopyNoticeOutbox } from './application/ports/copy-notice-outbox';
import { TraderProfiles } from './application/ports/trader-profiles';
import { PriceWatchStore } from './application/ports/price-watch-store';
import { EntryOrders } from './application/ports/entry-orders';
import { SqlEntryOrders } from './adapters/persistence/sql-entry-orders';
import { EntryOrdersUseCase } from './application/use-cases/entry-orders/entry-orders.use-case';
import { TradeEvents } from './application/ports/trade-events';
import { SqlPriceWatchStore } from './adapters/persistence/sql-price-watch-store';
import { LiveTradeEvents } from './adapters/events/live-trade-events';
import { MarketOpenPositionsValue } from './adapters/market/market-open-positions-value';
import { UpdateTradeLevelsUseCase } from './application/use-cases/update-trade-levels/update-trade-levels.use-case';
import { CloseOutCopiesUseCase } from './application/use-cases/close-out-copies/close-out-copies.use-case';
import { CloseCopyPositionsUseCase } from './application/use-cases/close-copy-positions/close-copy-positions.use-case';
import { UpdateCopyGuardsUseCase } from './application/use-cases/update-copy-guards/update-copy-guards.use-case';
import { SimulateCopyUseCase } from './application/use-cases/simulate-copy/simulate-copy.use-case';
import { TraderSimulationController } from './adapters/http/trader-simulation.controller';
import { PriceWatcher } from './application/services/price-watcher';
import { SqlCopyRepository } from './adapters/persistence/sql-copy-repository';
import { SqlCopyTradingQueries } from './adapters/persistence/sql-copy-trading-queries';
import { SqlTradeEngine } from './adapters/persistence/sql-trade-engine';
import { SqlOpenTradesStore } from './adapters/persistence/sql-open-trades-store';
import { SqlTraderPerformance } from './adapters/persistence/sql-trader-performance';
import { TraderPerformanceQueries } from './application/ports/trader-performance';
import { ReadTraderPerformanceUseCase } from './application/use-cases/read-trader-performance/read-trader-performance.use-case';
import { SqlTraderRecord } from './adapters/persistence/sql-trader-record';
import { TraderRecordQueries } from './application/ports/trader-record';
import { ReadTraderRecordUseCase } from './application/use-cases/read-trader-record/read-trader-record.use-case';
import { ReadTraderRiskUseCase } from './application/use-cases/read-trader-risk/read-trader-risk.use-case';
import { OpenTradesStore } from './application/ports/open-trades-store';
import { CopyOpenTrades } from './application/services/copy-open-trades';
import { SqlCopyNotices } from './adapters/persistence/sql-copy-notices';
import { SqlTraderProfiles } from './adapters/persistence/sql-trader-profiles';
import { CopyTradingUserInfoExtras } from './adapters/auth/copy-trading-user-info-extras';
import { TraderSettingsController } from './adapters/http/trader-settings.controller';
import { TradersController } from './adapters/http/traders.controller';
import { CopiesController } from './adapters/http/copies.controller';
import { TraderTradesController } from './adapters/http/trader-trades.controller';
import { AuditModule } from '@mirrorline/audit';
import { AcceptCopyShareUseCase } from './application/use-cases/accept-copy-share/accept-copy-share.use-case';
import { ProfitShareTerms } from './application/ports/profit-share-terms';
import { SqlProfitShareTerms } from './adapters/persistence/sql-profit-share-terms';
import { AddCopyFundsUseCase } from './application/use-cases/add-copy-funds/add-copy-funds.use-case';
import { ChangeCopyStatusUseCase } from './application/use-cases/change-copy-status/change-copy-status.use-case';
import { CloseTradeUseCase } from './application/use-cases/close-trade/close-trade.use-case';
import { FollowTraderUseCase } from './application/use-cases/follow-trader/follow-trader.use-case';
import { OpenTradeUseCase } from './application/use-cases/open-trade/open-trade.use-case';
import { TraderOrderQueue } from './application/services/trader-order-queue';
import { ReadCopyTradingUseCase } from './application/use-cases/read-copy-trading/read-copy-trading.use-case';
import { ResolveTraderUseCase } from './application/use-cases/resolve-trader/resolve-trader.use-case';
import { UpdateCopySettingsUseCase } from './application/use-cases/update-copy-settings/update-copy-settings.use-case';
import { PublicTraderCache } from './adapters/http/public-trader-cache';
import { UpdateTraderProfileUseCase } from './application/use-cases/update-trader-profile/update-trader-profile.use-case';
import { WithdrawCopyFundsUseCase } from './application/use-cases/withdraw-copy-funds/withdraw-copy-funds.use-case';

/**
 * Copy trading. apps/api's composition root re-exports it, so that auth picks up the UserInfoExtras adapter
 * (traderID, copyID, copiedTrades in the access token), users can inject TraderProfiles and wallet/users the
 * OpenPositionsValue (live trading balance) without importing this module.
 */
@Module({
  imports: [WalletModule, AuditModule],
  controllers: [TradersController, TraderSimulationController, CopiesController, TraderTradesController, TraderSettingsController],
  providers: [
    { provide: CopyRepository, useClass: SqlCopyRepository },
    SqlCopyNotices,
    { provide: CopyNoticeOutbox, useExisting: SqlCopyNotices },
    { provide: TradeEngine, useClass: SqlTradeEngine },
    { provide: OpenTradesStore, useClass: SqlOpenTradesStore },
    CopyOpenTrades,
    { provide: TraderPerformanceQueries, useClass: SqlTraderPerformance },
    ReadTraderPerformanceUseCase,
    { provide: TraderRecordQueries, useClass: SqlTraderRecord },
    ReadTraderRecordUseCase,
    ReadTraderRiskUseCase,
    { provide: TraderProfiles, useClass: SqlTraderProfiles },
    { provide: CopyTradingQueries, useClass: SqlCopyTradingQueries },
    { provide: PriceWatchStore, useClass: SqlPriceWatchStore },
    { provide: EntryOrders, useClass: SqlEntryOrders },
    EntryOrdersUseCase,
    { provide: TradeEvents, useClass: LiveTradeEvents },
    { provide: OpenPositionsValue, useClass: MarketOpenPositionsValue },
    { provide: ProfitShareTerms, useClass: SqlProfitShareTerms },
    AcceptCopyShareUseCase,
    { provide: UserInfoExtras, useClass: CopyTradingUserInfoExtras },
    FollowTraderUseCase,
    AddCopyFundsUseCase,
    WithdrawCopyFundsUseCase,
    ChangeCopyStatusUseCase,
    UpdateCopySettingsUseCase,
    TraderOrderQueue,
    OpenTradeUseCase,
    CloseTradeUseCase,
    UpdateTraderProfileUseCase,
    ResolveTraderUseCase,
    ReadCopyTradingUseCase,
    UpdateTradeLevelsUseCase,
    CloseOutCopiesUseCase,
    CloseCopyPositionsUseCase,
    UpdateCopyGuardsUseCase,
    SimulateCopyUseCase,
    PriceWatcher,
    PublicTraderCache,
  ],
  exports: [TraderProfiles, UserInfoExtras, OpenPositionsValue, CopyTradingQueries, FollowTraderUseCase, OpenTradeUseCase, CloseTradeUseCase],
})
export class CopyTradingModule {}
