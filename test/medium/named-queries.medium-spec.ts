import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { sql, type Sql } from '@mirrorline/shared';
import { usersQueries } from '../../libs/accounts/src/adapters/persistence/users.queries';
import { accountsQueries } from '@mirrorline/accounts/sql';
import { approvalsQueries } from '../../libs/back-office/src/adapters/persistence/approvals.queries';
import { walletQueries } from '../../libs/wallet/src/adapters/persistence/wallet.queries';
import { ledgerQueries } from '../../libs/wallet/src/adapters/persistence/ledger.queries';
import { ledgerInspectorQueries } from '../../libs/wallet/src/adapters/persistence/ledger-inspector.queries';
import { depositReferencesQueries } from '../../libs/wallet/src/adapters/persistence/deposit-references.queries';
import { withdrawalAddressesQueries } from '../../libs/wallet/src/adapters/persistence/withdrawal-addresses.queries';
import { marketQueries } from '../../libs/market/src/adapters/persistence/market.queries';
import { priceAlertsQueries } from '../../libs/market/src/adapters/persistence/price-alerts.queries';
import { copyTradingQueries } from '../../libs/copy-trading/src/adapters/persistence/copy-trading.queries';
import { tradingSeedQueries } from '../../libs/copy-trading/src/adapters/persistence/trading-seed.queries';
import { entryOrdersQueries } from '../../libs/copy-trading/src/adapters/persistence/entry-orders.queries';
import { traderProfilesQueries } from '../../libs/copy-trading/src/adapters/persistence/trader-profiles.queries';
import { publicTradersQueries } from '../../libs/copy-trading/src/adapters/persistence/public-traders.queries';
import { tradeEngineQueries } from '../../libs/copy-trading/src/adapters/persistence/trade-engine.queries';
import { copiesQueries } from '../../libs/copy-trading/src/adapters/persistence/copies.queries';
import { traderPerformanceQueries } from '../../libs/copy-trading/src/adapters/persistence/trader-performance.queries';
import { closeOutQueries } from '../../libs/copy-trading/src/adapters/persistence/close-out.queries';
import { priceWatchQueries } from '../../libs/copy-trading/src/adapters/persistence/price-watch.queries';
import { traderRecordQueries } from '../../libs/copy-trading/src/adapters/persistence/trader-record.queries';
import { openTradesQueries } from '../../libs/copy-trading/src/adapters/persistence/open-trades.queries';
import { copyTradingReadsQueries } from '../../libs/copy-trading/src/adapters/persistence/copy-trading-reads.queries';
import { copyNoticesQueries } from '../../libs/copy-trading/src/adapters/persistence/copy-notices.queries';
import { notificationsQueries } from '../../libs/notifications/src/adapters/persistence/notifications.queries';
import { createTestDatabase } from '../support/test-app';

/**
 * Every named query of every `*.queries.ts` (docs/architecture.md, "SQL"), built with typed dummy arguments and
 * EXPLAINed (planned, never run) against a freshly migrated database: a renamed column or table fails here with the
 * query's name, before any HTTP spec reaches the statement. A builder without an entry below fails the last test.
 */
const ROOT = join(__dirname, '..', '..');
const UUID = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-01-01T00:00:00Z');
const QUOTE = { symbol: 'BTCUSDT', bid: '100.5', ask: '100.7', time: NOW };
const CANDLE = { symbol: 'BTCUSDT', interval: '1m' as const, time: NOW, open: '1', high: '2', low: '0.5', close: '1.5' };
const MARKED = { id: '1', entry: '100.5', sign: 1, mark: 100.7, ratio: 0.002, k: 2 };
const FILL = { exitPrice: '101.5', quoteTime: NOW, reason: 'manual' as const };
const USER = { email: 'a@b.c', username: 'a', firstname: 'A', lastname: 'B', passwordHash: 'x', roles: ['User' as const], emailVerified: false, kycStatus: 'Unverified' as const };

/** Name → statement to plan. Fragments (relations, scalar sub-selects) are planned inside the smallest statement. */
const QUERIES: Record<string, Sql<unknown>> = {
  'usersQueries.userById': usersQueries.userById(UUID),
  'usersQueries.lockLiveUser': usersQueries.lockLiveUser(UUID),
  'usersQueries.passwordHashOf': usersQueries.passwordHashOf(UUID),
  'usersQueries.liveUserWithHashByEmail': usersQueries.liveUserWithHashByEmail('a@b.c'),
  'usersQueries.countUsers': usersQueries.countUsers('a_b%'),
  'usersQueries.pageOfUsers': usersQueries.pageOfUsers(undefined, 20, 0),
  'usersQueries.takenEmailOrUsername': usersQueries.takenEmailOrUsername('a@b.c', 'a'),
  'usersQueries.insertUser': usersQueries.insertUser(USER),
  'usersQueries.setBlocked': usersQueries.setBlocked(UUID, true),
  'usersQueries.setRoles': usersQueries.setRoles(UUID, ['User', 'Trader']),
  'usersQueries.anonymise': usersQueries.anonymise(UUID, USER, 'x', NOW),
  'usersQueries.liveAccountByEmail': usersQueries.liveAccountByEmail('a@b.c'),
  'usersQueries.liveAccountById': usersQueries.liveAccountById(UUID),
  'usersQueries.emailExists': usersQueries.emailExists('a@b.c'),
  'usersQueries.usernameExists': usersQueries.usernameExists('a'),
  'usersQueries.markEmailVerified': usersQueries.markEmailVerified(UUID),
  'usersQueries.setPasswordHash': usersQueries.setPasswordHash(UUID, 'x'),
  'usersQueries.invalidateTokensBefore': usersQueries.invalidateTokensBefore(UUID, NOW),
  'usersQueries.adminExists': usersQueries.adminExists(),
  'accountsQueries.userTotals': accountsQueries.userTotals(),
  'approvalsQueries.pendingCount': approvalsQueries.pendingCount(),

  'walletQueries.copyEquity': sql`SELECT * FROM ${walletQueries.copyEquity()} e`,
  'walletQueries.balancesOfOwner': sql`SELECT * FROM ${walletQueries.balancesOfOwner(UUID)} b`,
  'walletQueries.balancesOfOwners': walletQueries.balancesOfOwners([UUID]),
  'walletQueries.lockAccountsOf': walletQueries.lockAccountsOf(UUID),
  'walletQueries.userMoneyTotals': walletQueries.userMoneyTotals(),
  'walletQueries.postingReferences': sql`SELECT * FROM ${walletQueries.postingReferences('deposit')} r`,
  'walletQueries.pendingRequestCount': walletQueries.pendingRequestCount(UUID),
  'walletQueries.pendingRequestTotals': walletQueries.pendingRequestTotals(),

  'depositReferencesQueries.insertReference': depositReferencesQueries.insertReference(UUID, 'MLABCDEFGH'),
  'depositReferencesQueries.referenceOfUser': depositReferencesQueries.referenceOfUser(UUID),
  'depositReferencesQueries.holder': depositReferencesQueries.holder('MLABCDEFGH', true),
  'depositReferencesQueries.recordTransfer': depositReferencesQueries.recordTransfer({
    bankTxId: 'b1', reference: 'MLABCDEFGH', userId: UUID, amount: 100, walletTransactionId: UUID, matchedBy: UUID, matchedAt: NOW,
  }),

  'withdrawalAddressesQueries.list': withdrawalAddressesQueries.list(UUID),
  'withdrawalAddressesQueries.count': withdrawalAddressesQueries.count(UUID),
  'withdrawalAddressesQueries.insert': withdrawalAddressesQueries.insert({ userId: UUID, label: 'l', destination: 'd', createdAt: NOW, usableAt: NOW }),
  'withdrawalAddressesQueries.remove': withdrawalAddressesQueries.remove(UUID, UUID),
  'withdrawalAddressesQueries.usable': withdrawalAddressesQueries.usable(UUID, 'd', NOW),

  'ledgerQueries.userAccountId': ledgerQueries.userAccountId(UUID, 'cash'),
  'ledgerQueries.createUserAccount': ledgerQueries.createUserAccount(UUID, 'cash'),
  'ledgerQueries.userAccountIds': ledgerQueries.userAccountIds(UUID, ['cash', 'held']),
  'ledgerQueries.copyEquityAccount': ledgerQueries.copyEquityAccount(UUID),
  'ledgerQueries.createCopyEquityAccount': ledgerQueries.createCopyEquityAccount(UUID, UUID),
  'ledgerQueries.platformAccountId': ledgerQueries.platformAccountId('platform_deposits'),
  'ledgerQueries.post': ledgerQueries.post({ type: 'deposit', reference: 'r', entries: [{ accountId: '1', amount: 100 }, { accountId: '2', amount: -100 }] }),
  'ledgerQueries.lockBalances': ledgerQueries.lockBalances(['1', '2']),
  'ledgerQueries.balancesByKind': ledgerQueries.balancesByKind(UUID),

  'ledgerInspectorQueries.statementPage': ledgerInspectorQueries.statementPage(UUID, 20, 0),
  'ledgerInspectorQueries.statementCount': ledgerInspectorQueries.statementCount(UUID),
  'ledgerInspectorQueries.walletsPage': ledgerInspectorQueries.walletsPage('a', 20, 0),
  'ledgerInspectorQueries.walletsCount': ledgerInspectorQueries.walletsCount(undefined),
  'ledgerInspectorQueries.totalsByKind': ledgerInspectorQueries.totalsByKind(),
  'ledgerInspectorQueries.entriesSum': ledgerInspectorQueries.entriesSum(),
  'ledgerInspectorQueries.unbalancedTransactions': ledgerInspectorQueries.unbalancedTransactions(),
  'ledgerInspectorQueries.balanceMismatches': ledgerInspectorQueries.balanceMismatches(),
  'ledgerInspectorQueries.duplicateReferences': ledgerInspectorQueries.duplicateReferences(),

  'marketQueries.instruments': marketQueries.instruments(),
  'marketQueries.storeQuotes': marketQueries.storeQuotes([QUOTE], ['{}']),
  'marketQueries.foldIntoCandles': marketQueries.foldIntoCandles([QUOTE]),
  'marketQueries.insertCandles': marketQueries.insertCandles([CANDLE]),
  'marketQueries.mergeCandles': marketQueries.mergeCandles([CANDLE], true),
  'marketQueries.latestQuotes': marketQueries.latestQuotes(['BTCUSDT']),
  'marketQueries.dayOpens': marketQueries.dayOpens(NOW),
  'marketQueries.candles': marketQueries.candles('BTCUSDT', '1h', NOW, NOW, 100),
  'marketQueries.sweepMinuteCandles': marketQueries.sweepMinuteCandles(NOW),

  'priceAlertsQueries.watchlist': priceAlertsQueries.watchlist(UUID),
  'priceAlertsQueries.replaceWatchlist': priceAlertsQueries.replaceWatchlist(UUID, ['BTCUSDT']),
  'priceAlertsQueries.list': priceAlertsQueries.list(UUID, 7),
  'priceAlertsQueries.lockUserAlerts': priceAlertsQueries.lockUserAlerts(UUID),
  'priceAlertsQueries.create': priceAlertsQueries.create(UUID, { symbol: 'BTCUSDT', direction: 'above', price: '101', notifyByEmail: true }, 20),
  'priceAlertsQueries.delete': priceAlertsQueries.delete(UUID, '1'),
  'priceAlertsQueries.anyCrossed': priceAlertsQueries.anyCrossed([QUOTE]),
  'priceAlertsQueries.spendCrossed': priceAlertsQueries.spendCrossed([QUOTE], '1'),
  'priceAlertsQueries.nextMail': priceAlertsQueries.nextMail(),
  'priceAlertsQueries.mailDone': priceAlertsQueries.mailDone('1', true, 5),

  'copyTradingQueries.traderIdOf': sql`SELECT ${copyTradingQueries.traderIdOf(UUID)} AS id`,
  'copyTradingQueries.traderIdsOf': copyTradingQueries.traderIdsOf([UUID]),
  'copyTradingQueries.lockTraderProfileOf': copyTradingQueries.lockTraderProfileOf(UUID),
  'copyTradingQueries.traderExposure': copyTradingQueries.traderExposure(1),
  'copyTradingQueries.copiesOfFollower': copyTradingQueries.copiesOfFollower(UUID),
  'copyTradingQueries.openCopiesCount': copyTradingQueries.openCopiesCount(UUID),
  'copyTradingQueries.copiedTradesCount': copyTradingQueries.copiedTradesCount(UUID),
  'copyTradingQueries.copyTotals': copyTradingQueries.copyTotals(),

  'tradingSeedQueries.insertTraderProfile': tradingSeedQueries.insertTraderProfile({
    id: 2, userId: UUID, name: 'A B', description: 'd', traderType: 'SMC Trader', strategySummary: 's', strategyExplanation: 'e', sharePct: 25, maxCopiers: 5000,
  }),
  'tradingSeedQueries.syncTraderProfileIds': tradingSeedQueries.syncTraderProfileIds(),
  'tradingSeedQueries.insertClosedTrades': tradingSeedQueries.insertClosedTrades([
    { trader_id: 2, market: 'Crypto', symbol: 'BTCUSDT', side: 'buy', entry: '100', exit: '101', allocation: 10, pnl_pct: '1', opened_at: NOW.toISOString(), closed_at: NOW.toISOString() },
  ]),
  'tradingSeedQueries.lockTraderProfiles': tradingSeedQueries.lockTraderProfiles([{ id: 2, userId: UUID }]),
  'tradingSeedQueries.existingTraderIds': tradingSeedQueries.existingTraderIds([2]),
  'tradingSeedQueries.openTradesOf': tradingSeedQueries.openTradesOf([2]),
  'tradingSeedQueries.shiftClosedTradesToYesterday': tradingSeedQueries.shiftClosedTradesToYesterday([2]),
  'tradingSeedQueries.uncopiedUnquotedClosedTrades': tradingSeedQueries.uncopiedUnquotedClosedTrades([2]),
  'tradingSeedQueries.repriceClosedTrades': tradingSeedQueries.repriceClosedTrades([
    { id: '1', symbol: 'BTCUSDT', side: 'buy', entry: '100', exit: '101', pnl_pct: '1', et: NOW, xt: NOW, closed: NOW },
  ]),
  'tradingSeedQueries.newestClosedTrades': tradingSeedQueries.newestClosedTrades([2]),
  'tradingSeedQueries.tradersCopiedBy': tradingSeedQueries.tradersCopiedBy(UUID),

  'entryOrdersQueries.insert': entryOrdersQueries.insert(1, {
    symbol: 'BTCUSDT',
    market: 'Crypto',
    side: 'buy',
    type: 'limit',
    price: '100',
    allocationPct: 10,
    stopLoss: null,
    takeProfit: '120',
    trailingStopPct: 1.5,
    expiresAt: NOW,
  }),
  'entryOrdersQueries.count': entryOrdersQueries.count(1, 'pending'),
  'entryOrdersQueries.page': entryOrdersQueries.page(1, undefined, 20, 0),
  'entryOrdersQueries.cancelPending': entryOrdersQueries.cancelPending('1', 1),
  'entryOrdersQueries.statusOf': entryOrdersQueries.statusOf('1', 1),
  'entryOrdersQueries.lock': entryOrdersQueries.lock('1'),
  'entryOrdersQueries.markFilled': entryOrdersQueries.markFilled('1', '7'),
  'entryOrdersQueries.reject': entryOrdersQueries.reject('1', 'no cash'),
  'entryOrdersQueries.triggered': entryOrdersQueries.triggered([QUOTE]),
  'entryOrdersQueries.expire': entryOrdersQueries.expire(),

  'traderProfilesQueries.ensureProfile': traderProfilesQueries.ensureProfile(UUID),
  'traderProfilesQueries.traderIdOfUser': traderProfilesQueries.traderIdOfUser(UUID),
  'traderProfilesQueries.exists': traderProfilesQueries.exists(1),
  'traderProfilesQueries.update': traderProfilesQueries.update(1, {
    name: 'n',
    description: 'd',
    traderType: 't',
    strategySummary: 's',
    strategyExplanation: 'e',
    image: null,
    share: 10,
    maxCopiers: 100,
    minCopyAmount: 10_000,
  }),

  'publicTradersQueries.publicTraderId': publicTradersQueries.publicTraderId(1),

  'tradeEngineQueries.insertTrade': tradeEngineQueries.insertTrade(1, {
    symbol: 'BTCUSDT', market: 'Crypto', side: 'buy', allocationPct: 10, entryPrice: '100.5', quoteTime: NOW, stopLoss: '90', takeProfit: null, trailingStopPct: 2,
  }),
  'tradeEngineQueries.trade': tradeEngineQueries.trade('1', 'lock'),
  'tradeEngineQueries.closeTrade': tradeEngineQueries.closeTrade('1', FILL, '1.5'),
  'tradeEngineQueries.setLevels': tradeEngineQueries.setLevels('1', { stopLoss: '90', takeProfit: null, trailingStopPct: null }),
  'tradeEngineQueries.fanOut': tradeEngineQueries.fanOut(1, { id: '1', allocationPct: 10, entryPrice: '100.5' }, NOW),
  'tradeEngineQueries.setCounts': tradeEngineQueries.setCounts('1', 2, 1),
  'tradeEngineQueries.settle': tradeEngineQueries.settle({ id: '1', entryPrice: '100.5', side: 'buy' }, FILL, { market: '1', traderCash: '2' }),
  'tradeEngineQueries.copyReturnCashAccounts': tradeEngineQueries.copyReturnCashAccounts(),
  'tradeEngineQueries.copyReturns': tradeEngineQueries.copyReturns('1'),
  'tradeEngineQueries.addCopierTotals': tradeEngineQueries.addCopierTotals('1', 100n, 20n),

  'copiesQueries.lockTrader': copiesQueries.lockTrader(1, 'share'),
  'copiesQueries.traderOfCopy': copiesQueries.traderOfCopy(UUID),
  'copiesQueries.follower': copiesQueries.follower(UUID),
  'copiesQueries.liveCopyCount': copiesQueries.liveCopyCount(1),
  'copiesQueries.liveCopyOf': copiesQueries.liveCopyOf(UUID, 1),
  'copiesQueries.insertCopy': copiesQueries.insertCopy({ followerId: UUID, traderId: 1, invested: 100_000n, stopLossPct: 50 }),
  'copiesQueries.lockCopy': copiesQueries.lockCopy(UUID),
  'copiesQueries.copyFacts': copiesQueries.copyFacts(UUID),
  'copiesQueries.updateCopy': copiesQueries.updateCopy(UUID, { status: 'stopping', highWaterMark: 100n, stopReason: 'stop_loss', ended: true }),
  'copiesQueries.positionOf': copiesQueries.positionOf(UUID, '1'),
  'copiesQueries.openSymbols': copiesQueries.openSymbols(UUID),
  'copiesQueries.setDailyLossLimit': copiesQueries.setDailyLossLimit(UUID, 5_000n),
  'copiesQueries.shareHolders': copiesQueries.shareHolders(1, 30),
  'copiesQueries.acceptShare': copiesQueries.acceptShare(UUID, UUID),

  'traderPerformanceQueries.growth': traderPerformanceQueries.growth(1),
  'traderPerformanceQueries.monthlyReturns': traderPerformanceQueries.monthlyReturns(1),
  'traderPerformanceQueries.openTrades': traderPerformanceQueries.openTrades(1),
  'traderPerformanceQueries.copierTrend': traderPerformanceQueries.copierTrend(1),
  'traderPerformanceQueries.dailyReturns': traderPerformanceQueries.dailyReturns(1, 30),

  'closeOutQueries.lockTraders': closeOutQueries.lockTraders([1, 2]),
  'closeOutQueries.lockCopies': closeOutQueries.lockCopies([UUID]),
  'closeOutQueries.ensureCashAccounts': closeOutQueries.ensureCashAccounts([UUID]),
  'closeOutQueries.closeOut': closeOutQueries.closeOut([UUID], [QUOTE], '1'),

  'priceWatchQueries.anyTrailingStopTightens': priceWatchQueries.anyTrailingStopTightens([QUOTE]),
  'priceWatchQueries.ratchetTrailingStops': priceWatchQueries.ratchetTrailingStops([QUOTE]),
  'priceWatchQueries.crossedTrades': priceWatchQueries.crossedTrades([QUOTE]),
  'priceWatchQueries.markedTrades': priceWatchQueries.markedTrades([QUOTE]),
  'priceWatchQueries.candidateCopies': priceWatchQueries.candidateCopies([MARKED]),
  'priceWatchQueries.trippedAmong': priceWatchQueries.trippedAmong([UUID], [MARKED]),

  'traderRecordQueries.tradeToAppend': traderRecordQueries.tradeToAppend('1'),
  'traderRecordQueries.insertHead': traderRecordQueries.insertHead({ trader_id: 1, day: '2026-01-01', seq: 3, hash: 'h' }),
  'traderRecordQueries.insertLink': traderRecordQueries.insertLink('1', 4, 'h'),
  'traderRecordQueries.links': traderRecordQueries.links(1, 0, 50),
  'traderRecordQueries.heads': traderRecordQueries.heads(1),

  'openTradesQueries.openTrades': openTradesQueries.openTrades(1),
  'openTradesQueries.openPosition': openTradesQueries.openPosition({
    tradeId: '1', copyId: UUID, followerId: UUID, allocationPct: 10, fillPrice: '100.5', quoteTime: NOW, delayMs: 20, slippageBps: '1.5',
  }),
  'openTradesQueries.countCopied': openTradesQueries.countCopied('1'),

  'copyTradingReadsQueries.publicTraders': copyTradingReadsQueries.publicTraders(),
  'copyTradingReadsQueries.trader': copyTradingReadsQueries.trader(1),
  'copyTradingReadsQueries.recentTrades': copyTradingReadsQueries.recentTrades(1),
  'copyTradingReadsQueries.myCopies': copyTradingReadsQueries.myCopies(UUID, [QUOTE]),
  'copyTradingReadsQueries.tradesSince': copyTradingReadsQueries.tradesSince(1, NOW, 500),
  'copyTradingReadsQueries.myTrades': copyTradingReadsQueries.myTrades(UUID, { page: 1, limit: 20 }, { status: 'open', positionId: '1' }),
  'copyTradingReadsQueries.mySkips': copyTradingReadsQueries.mySkips(UUID, { page: 1, limit: 20 }),
  'copyTradingReadsQueries.traderTrades': copyTradingReadsQueries.traderTrades(1, { page: 1, limit: 20 }, 'closed'),
  'copyTradingReadsQueries.hasOpenPositions': copyTradingReadsQueries.hasOpenPositions(UUID),
  'copyTradingReadsQueries.unrealizedPnlOf': copyTradingReadsQueries.unrealizedPnlOf(UUID, [QUOTE]),
  'copyTradingReadsQueries.followers': copyTradingReadsQueries.followers(1, { page: 1, limit: 20 }),
  'copyTradingReadsQueries.settings': copyTradingReadsQueries.settings(UUID),
  'copyTradingReadsQueries.userFacts': copyTradingReadsQueries.userFacts(UUID),

  'copyNoticesQueries.insertTradeNotice': copyNoticesQueries.insertTradeNotice('1', 'opened'),
  'copyNoticesQueries.nextTradeNotice': copyNoticesQueries.nextTradeNotice(),
  'copyNoticesQueries.deleteTradeNotice': copyNoticesQueries.deleteTradeNotice('1'),
  'copyNoticesQueries.openedCopies': copyNoticesQueries.openedCopies('1'),
  'copyNoticesQueries.settledCopies': copyNoticesQueries.settledCopies('1'),
  'copyNoticesQueries.fillGroups': copyNoticesQueries.fillGroups('1', false),
  'copyNoticesQueries.nextGuardNotice': copyNoticesQueries.nextGuardNotice(),
  'copyNoticesQueries.guardNoticeCopies': copyNoticesQueries.guardNoticeCopies('1'),
  'copyNoticesQueries.deleteGuardNotice': copyNoticesQueries.deleteGuardNotice('1'),

  'notificationsQueries.insertMany': notificationsQueries.insertMany([{ userId: UUID, type: 't', title: 'x', data: { a: 1 } }]),
};

/**
 * Settings and the settlement's temporary table: statements EXPLAIN cannot plan. They run for real, in this order,
 * inside the transaction the plans are made in (rolled back), so the statements above that read the temporary
 * table are planned against it; the last one drops it.
 */
const UTILITY: Record<string, Sql<unknown>> = {
  'tradeEngineQueries.longStatementTimeout': tradeEngineQueries.longStatementTimeout(),
  'tradeEngineQueries.hashJoins': tradeEngineQueries.hashJoins(true),
  'tradeEngineQueries.createSettlementFlags': tradeEngineQueries.createSettlementFlags(),
  'closeOutQueries.settings': closeOutQueries.settings(false),
  'priceWatchQueries.scanSettings': priceWatchQueries.scanSettings(),
  'priceWatchQueries.indexProbes': priceWatchQueries.indexProbes(),
  'tradeEngineQueries.dropSettlementFlags': tradeEngineQueries.dropSettlementFlags(),
};

/**
 * Helpers a /sql entry publishes that build parts of other statements, not statements: they are planned inside the
 * statements that compose them (the wallet's set-based postings, in the settlement and close-out builders).
 */
const COMPOSED_HELPERS = new Set(['ledgerSetPostings']);

/** The `name.builder` of every function of every object exported by each `*.queries.ts` and lib /sql entry under libs/. */
function builderNames(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (entry === 'node_modules') continue;
      if (statSync(path).isDirectory()) walk(path);
      // each aggregate's *.queries.ts, and the /sql entry a lib publishes (libs/<lib>/src/sql.ts)
      else if (entry.endsWith('.queries.ts') || (entry === 'sql.ts' && /libs[\\/][^\\/]+[\\/]src$/.test(dir))) files.push(path);
    }
  };
  walk(join(ROOT, 'libs'));
  // the *.queries.ts first: a /sql entry that publishes one of their builders under another name adds nothing new
  files.sort((a, b) => Number(a.endsWith('sql.ts')) - Number(b.endsWith('sql.ts')) || a.localeCompare(b));
  const names: string[] = [];
  const seen = new Set<unknown>();
  for (const file of files) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(file) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(mod)) {
      if (!value || typeof value !== 'object' || COMPOSED_HELPERS.has(exported)) continue;
      for (const [key, member] of Object.entries(value)) {
        if (typeof member !== 'function' || seen.has(member)) continue;
        seen.add(member);
        names.push(`${exported}.${key}`);
      }
    }
  }
  return names.sort();
}

/** The tag's positional `?` as PostgreSQL's $n (the tag refuses a literal `?` in SQL text, so each one is a value). */
function numbered(query: Sql<unknown>): string {
  let n = 0;
  return query.text.replace(/\?/g, () => `$${++n}`);
}

describe('named queries', () => {
  let client: Client;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    client = new Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await drop();
  });

  it('plans every named query against the migrated schema', async () => {
    const failures: string[] = [];
    const params = (query: Sql<unknown>) => query.params.map((v) => (v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? v.toString() : v));
    /** Each statement in a savepoint: one failure does not abort the transaction for the others. */
    const attempt = async (name: string, text: string, query: Sql<unknown>) => {
      await client.query('SAVEPOINT q');
      try {
        await client.query(text, params(query));
        await client.query('RELEASE SAVEPOINT q');
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message}`);
        await client.query('ROLLBACK TO SAVEPOINT q');
      }
    };
    const [drop, ...setup] = Object.entries(UTILITY).reverse();
    await client.query('BEGIN');
    try {
      for (const [name, query] of setup.reverse()) await attempt(name, numbered(query), query);
      for (const [name, query] of Object.entries(QUERIES)) await attempt(name, `EXPLAIN ${numbered(query)}`, query);
      await attempt(drop[0], numbered(drop[1]), drop[1]);
    } finally {
      await client.query('ROLLBACK');
    }
    expect(failures).toEqual([]);
  });

  it('has typed dummy arguments for every builder of every *.queries.ts and lib /sql entry, and no entry for a builder that is gone', () => {
    const names = builderNames();
    expect(names.filter((name) => !(name in QUERIES) && !(name in UTILITY))).toEqual([]);
    expect([...Object.keys(QUERIES), ...Object.keys(UTILITY)].filter((name) => !names.includes(name))).toEqual([]);
  });
});
