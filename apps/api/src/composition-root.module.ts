import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '@mirrorline/shared';
import { MailModule } from '@mirrorline/mail';
import { EventsModule } from '@mirrorline/events';
import { NotificationsModule } from '@mirrorline/notifications';
import { MarketModule } from '@mirrorline/market';
import { WalletForAuthModule } from '@mirrorline/wallet';
import { CopyTradingModule } from '@mirrorline/copy-trading';

/**
 * The composition root (docs/architecture.md "Wiring"): the one place that makes a context's answers visible to the
 * contexts that did not import it. No lib module is global any more (but shared's AppConfigModule); each binds its
 * own adapters to its ports inside, and
 * this module, global, imports the modules below and re-exports them, so their exported ports resolve everywhere:
 *
 * | port (declared by)                                   | bound by (adapter inside the module)              |
 * |------------------------------------------------------|---------------------------------------------------|
 * | Mailer (mail)                                        | MailModule: SmtpMailer with SMTP_URL, else LogMailer |
 * | LiveEvents, EventsHub (events)                       | EventsModule: PgLiveEvents (LISTEN/NOTIFY)        |
 * | Notifications (notifications), SecurityInbox (auth)  | NotificationsModule: SqlNotifications, NotificationsSecurityInbox |
 * | MarketQuotes, QuoteListeners, MarketHistory, FeedLeader, MarketFeed, AlertMails (market) | MarketModule.forRoot(config): StoredMarketQuotes, the feed MARKET_FEED names |
 * | UserBalances (auth)                                  | WalletForAuthModule: WalletUserBalances (ledger)  |
 * | UserInfoExtras (auth), OpenPositionsValue (shared), TraderProfiles, CopyTradingQueries, OpenTradeUseCase, CloseTradeUseCase, FollowTraderUseCase (copy-trading) | CopyTradingModule: CopyTradingUserInfoExtras, MarketOpenPositionsValue, SqlTraderProfiles, … |
 *
 * The ports a lower lib declares and a higher lib answers (auth's UserBalances, UserInfoExtras, SecurityInbox) are
 * the reason this is global: auth cannot import the wallet, copy trading or notifications back (docs/lib-order.json).
 * A context module that needs a higher context's port imports nothing for it; one that needs a lower context's
 * module imports it (CopyTradingModule imports WalletModule, DemoModule imports CopyTradingModule).
 */
@Global()
@Module({})
export class CompositionRootModule {
  static forRoot(config: AppConfig): DynamicModule {
    const modules = [MailModule, EventsModule, NotificationsModule, MarketModule.forRoot(config), WalletForAuthModule, CopyTradingModule];
    return { module: CompositionRootModule, imports: modules, exports: modules };
  }
}
