import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { pgText, sql, type Sql } from '@mirrorline/shared';
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
import { mfaQueries } from '../../libs/auth/src/adapters/persistence/mfa.queries';
import { loginFailuresQueries } from '../../libs/auth/src/adapters/persistence/login-failures.queries';
import { authSessionsQueries } from '../../libs/auth/src/adapters/persistence/auth-sessions.queries';
import { apiTokensQueries } from '../../libs/auth/src/adapters/persistence/api-tokens.queries';
import { userAccessQueries } from '../../libs/auth/src/adapters/persistence/user-access.queries';
import { passwordResetTokensQueries } from '../../libs/auth/src/adapters/persistence/password-reset-tokens.queries';
import { ledgerSetPostings } from '../../libs/wallet/src/adapters/persistence/ledger-set-postings.queries';
import { idempotencyQueries } from '../../libs/wallet/src/adapters/persistence/idempotency.queries';
import { accountHoldersQueries } from '../../libs/wallet/src/adapters/persistence/account-holders.queries';
import { equityHistoryQueries } from '../../libs/wallet/src/adapters/persistence/equity-history.queries';
import { walletTransactionsQueries } from '../../libs/wallet/src/adapters/persistence/wallet-transactions.queries';
import { kycSubmissionsQueries } from '../../libs/kyc/src/adapters/persistence/kyc-submissions.queries';
import { oneTimeCodesQueries } from '../../libs/otp/src/adapters/persistence/one-time-codes.queries';
import { auditLogQueries } from '../../libs/audit/src/adapters/persistence/audit-log.queries';
import { liveEventsQueries } from '../../libs/events/src/adapters/persistence/live-events.queries';
import { contactMessagesQueries } from '../../libs/support/src/adapters/persistence/contact-messages.queries';
import { demoQueries } from '../../libs/demo/src/demo.queries';
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
  'usersQueries.setKycStatus': usersQueries.setKycStatus(UUID, 'Pending'),
  'approvalsQueries.pendingCount': approvalsQueries.pendingCount(),
  'approvalsQueries.insert': approvalsQueries.insert({ kind: 'balance_adjustment', targetUserId: UUID, requestedBy: UUID, amount: 100, reason: 'r' }),
  'approvalsQueries.lock': approvalsQueries.lock(UUID),
  'approvalsQueries.decide': approvalsQueries.decide(UUID, { status: 'approved', decidedBy: UUID, at: NOW, ledgerTransactionId: '1' }),
  'approvalsQueries.listCount': approvalsQueries.listCount('pending'),
  'approvalsQueries.listPage': approvalsQueries.listPage(undefined, 20, 0),
  'approvalsQueries.view': approvalsQueries.view(UUID),
  'approvalsQueries.pendingOf': approvalsQueries.pendingOf([UUID]),

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

  'mfaQueries.find': mfaQueries.find(UUID, true),
  'mfaQueries.setPending': mfaQueries.setPending(UUID, 'x'),
  'mfaQueries.enable': mfaQueries.enable(UUID, 'x', NOW, 1),
  'mfaQueries.setLastStep': mfaQueries.setLastStep(UUID, 1),
  'mfaQueries.deleteMfa': mfaQueries.deleteMfa(UUID),
  'mfaQueries.deleteRecoveryCodes': mfaQueries.deleteRecoveryCodes(UUID),
  'mfaQueries.insertRecoveryCodes': mfaQueries.insertRecoveryCodes(UUID, ['h1', 'h2']),
  'mfaQueries.useRecoveryCode': mfaQueries.useRecoveryCode(UUID, 'h1', NOW),
  'mfaQueries.recoveryCodesLeft': mfaQueries.recoveryCodesLeft(UUID),
  'mfaQueries.insertChallenge': mfaQueries.insertChallenge({ userId: UUID, tokenHash: 'h', expiresAt: NOW, createdAt: NOW }),
  'mfaQueries.deleteOldChallenges': mfaQueries.deleteOldChallenges(UUID, NOW),
  'mfaQueries.lockChallenge': mfaQueries.lockChallenge('h'),
  'mfaQueries.spendChallenge': mfaQueries.spendChallenge(UUID, NOW),

  'loginFailuresQueries.failuresSince': loginFailuresQueries.failuresSince(['a@b.c'], NOW, 500),
  'loginFailuresQueries.recordFailures': loginFailuresQueries.recordFailures(['a@b.c'], NOW),
  'loginFailuresQueries.clearKey': loginFailuresQueries.clearKey('a@b.c'),
  'loginFailuresQueries.purgeBefore': loginFailuresQueries.purgeBefore(NOW),
  'loginFailuresQueries.lockKey': loginFailuresQueries.lockKey('otp:x'),
  'loginFailuresQueries.accountFailures': loginFailuresQueries.accountFailures(UUID),
  'loginFailuresQueries.recordAccountFailure': loginFailuresQueries.recordAccountFailure(UUID),
  'loginFailuresQueries.clearAccount': loginFailuresQueries.clearAccount(UUID),

  'authSessionsQueries.touch': authSessionsQueries.touch({ id: UUID, userId: UUID, at: NOW, userAgent: 'ua', ip: null }),
  'authSessionsQueries.listActive': authSessionsQueries.listActive(UUID, NOW),
  'authSessionsQueries.activeOfUser': authSessionsQueries.activeOfUser(UUID, UUID),
  'authSessionsQueries.deviceHistory': authSessionsQueries.deviceHistory(UUID, null),
  'authSessionsQueries.live': authSessionsQueries.live(UUID),
  'authSessionsQueries.revoke': authSessionsQueries.revoke(UUID, NOW),
  'authSessionsQueries.revokeAllOfUser': authSessionsQueries.revokeAllOfUser(UUID, NOW, UUID),

  'apiTokensQueries.listLive': apiTokensQueries.listLive(UUID),
  'apiTokensQueries.countLive': apiTokensQueries.countLive(UUID),
  'apiTokensQueries.insert': apiTokensQueries.insert({ userId: UUID, name: 'n', scopes: ['read'], tokenHash: 'h', prefix: 'p', createdAt: NOW }),
  'apiTokensQueries.revoke': apiTokensQueries.revoke(UUID, UUID, NOW),
  'apiTokensQueries.revokeAllOfUser': apiTokensQueries.revokeAllOfUser(UUID, NOW),
  'apiTokensQueries.owner': apiTokensQueries.owner('h'),
  'apiTokensQueries.touch': apiTokensQueries.touch(UUID),
  'apiTokensQueries.live': apiTokensQueries.live([UUID]),

  'userAccessQueries.access': userAccessQueries.access(UUID),

  'passwordResetTokensQueries.insert': passwordResetTokensQueries.insert({ tokenHash: 'h', userId: UUID, expiresAt: NOW, createdAt: NOW }),
  'passwordResetTokensQueries.consume': passwordResetTokensQueries.consume('h', NOW),

  'ledgerSetPostings.ctes': sql`WITH ${ledgerSetPostings.ctes('p', { type: 'deposit', reference: 'r', entries: sql`SELECT 1::bigint, 100::bigint`, when: sql`false` })} SELECT id FROM p_tx`,
  'ledgerSetPostings.statement': ledgerSetPostings.statement({ type: 'deposit', reference: 'r', description: 'd', entries: sql`SELECT 1::bigint, 100::bigint` }),
  'ledgerSetPostings.platformAccount': sql`SELECT ${ledgerSetPostings.platformAccount('platform_deposits')} AS id`,
  'ledgerSetPostings.cashAccounts': sql`SELECT * FROM ${ledgerSetPostings.cashAccounts()} c`,
  'ledgerSetPostings.ensureCashAccounts': ledgerSetPostings.ensureCashAccounts(sql`SELECT ${UUID}::uuid`),

  'idempotencyQueries.find': idempotencyQueries.find(UUID, 'k'),
  'idempotencyQueries.claim': idempotencyQueries.claim(UUID, 'k', 'f'),
  'idempotencyQueries.complete': idempotencyQueries.complete('1', { kind: 'response', statusCode: 201, body: { a: 1 } }),
  'accountHoldersQueries.kycStatus': accountHoldersQueries.kycStatus(UUID),
  'accountHoldersQueries.deleted': accountHoldersQueries.deleted(UUID),
  'equityHistoryQueries.daily': equityHistoryQueries.daily(UUID, 30),
  'walletTransactionsQueries.page': walletTransactionsQueries.page({ userId: UUID, status: 'Pending', type: 'withdrawal' }, { page: 2, limit: 20 }),

  'kycSubmissionsQueries.lockUserStatus': kycSubmissionsQueries.lockUserStatus(UUID),
  'kycSubmissionsQueries.listCount': kycSubmissionsQueries.listCount({ page: 1, limit: 20, status: 'Pending', userId: UUID }),
  'kycSubmissionsQueries.listPage': kycSubmissionsQueries.listPage({ page: 1, limit: 20 }),

  'oneTimeCodesQueries.lockIssuing': oneTimeCodesQueries.lockIssuing(UUID, 'email_verification'),
  'auditLogQueries.insert': auditLogQueries.insert({ actorId: UUID, action: 'user.block', targetType: 'user', targetId: UUID, before: { a: 1n }, after: null, ip: '127.0.0.1' }),
  'liveEventsQueries.notify': liveEventsQueries.notify('live_events', ['{}']),
  'contactMessagesQueries.insert': contactMessagesQueries.insert({ name: 'n', email: 'a@b.c', subject: 's', message: 'm', userId: null }),
  'contactMessagesQueries.count': contactMessagesQueries.count(),
  'contactMessagesQueries.page': contactMessagesQueries.page(20, 0),
  'marketQueries.clearQuotes': marketQueries.clearQuotes(),
  'marketQueries.tryFeedLock': marketQueries.tryFeedLock(1),
  'marketQueries.feedUnlock': marketQueries.feedUnlock(1),
  'demoQueries.copiers': demoQueries.copiers(['a'], 'demo.example', 'demo_deposit'),
  'demoQueries.userByEmail': demoQueries.userByEmail('a@b.c'),
  'demoQueries.usersByUsername': demoQueries.usersByUsername(['a'], 'demo.example'),
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
 * The result columns a read declares: each a key of its row type and, checked by tsc, every key of it (a key
 * missing from the list fails the type-check, a name that is no key of the row too).
 */
function columns<Row, const N extends readonly (keyof Row & string)[]>(
  query: Sql<Row>,
  names: N & ([Exclude<keyof Row, N[number]>] extends [never] ? unknown : { missing: Exclude<keyof Row, N[number]> }),
): { query: Sql<unknown>; names: readonly string[] } {
  return { query, names };
}

/**
 * Reads whose result columns PostgreSQL must return exactly as their row type names them (run as
 * `SELECT * FROM (…) q LIMIT 0` on the migrated schema, so nothing is read and pg still describes the columns): a
 * column renamed in the statement but not in its row type, or the other way round, fails with the query's name.
 * Only SELECTs (a write's RETURNING would need rows its dummy arguments do not have).
 */
const RESULT_COLUMNS: Record<string, { query: Sql<unknown>; names: readonly string[] }> = {
  'mfaQueries.find': columns(mfaQueries.find(UUID, false), ['user_id', 'secret_enc', 'pending_secret_enc', 'enabled_at', 'last_step']),
  'mfaQueries.recoveryCodesLeft': columns(mfaQueries.recoveryCodesLeft(UUID), ['n']),
  'mfaQueries.lockChallenge': columns(mfaQueries.lockChallenge('h'), ['id', 'user_id', 'expires_at', 'spent_at']),
  'loginFailuresQueries.failuresSince': columns(loginFailuresQueries.failuresSince(['a@b.c'], NOW, 500), ['email', 'failed_at']),
  'loginFailuresQueries.accountFailures': columns(loginFailuresQueries.accountFailures(UUID), ['n']),
  'authSessionsQueries.listActive': columns(authSessionsQueries.listActive(UUID, NOW), ['id', 'created_at', 'last_used_at', 'user_agent', 'ip']),
  'authSessionsQueries.activeOfUser': columns(authSessionsQueries.activeOfUser(UUID, UUID), ['one']),
  'authSessionsQueries.deviceHistory': columns(authSessionsQueries.deviceHistory(UUID, null), ['any', 'known']),
  'authSessionsQueries.live': columns(authSessionsQueries.live(UUID), ['live']),
  'apiTokensQueries.listLive': columns(apiTokensQueries.listLive(UUID), ['id', 'name', 'scopes', 'prefix', 'created_at', 'last_used_at']),
  'apiTokensQueries.countLive': columns(apiTokensQueries.countLive(UUID), ['n']),
  'apiTokensQueries.owner': columns(apiTokensQueries.owner('h'), ['id', 'user_id', 'email', 'roles', 'scopes', 'stale']),
  'apiTokensQueries.live': columns(apiTokensQueries.live([UUID]), ['id']),
  'userAccessQueries.access': columns(userAccessQueries.access(UUID), ['roles', 'valid_after_us', 'mfa']),
  'idempotencyQueries.find': columns(idempotencyQueries.find(UUID, 'k'), ['fingerprint', 'response']),
  'accountHoldersQueries.kycStatus': columns(accountHoldersQueries.kycStatus(UUID), ['kyc_status', 'deleted']),
  'accountHoldersQueries.deleted': columns(accountHoldersQueries.deleted(UUID), ['deleted']),
  'equityHistoryQueries.daily': columns(equityHistoryQueries.daily(UUID, 30), ['day', 'equity', 'flows']),
  'walletTransactionsQueries.page': columns(walletTransactionsQueries.page({}, { page: 1, limit: 20 }), [
    'total', 'id', 'user_id', 'type', 'amount', 'destination', 'status', 'created_at', 'decided_at', 'decided_by', 'note', 'username', 'email', 'page_row',
  ]),
  'kycSubmissionsQueries.lockUserStatus': columns(kycSubmissionsQueries.lockUserStatus(UUID), ['kyc_status']),
  'kycSubmissionsQueries.listCount': columns(kycSubmissionsQueries.listCount({ page: 1, limit: 20 }), ['total']),
  'kycSubmissionsQueries.listPage': columns(kycSubmissionsQueries.listPage({ page: 1, limit: 20 }), [
    'id', 'user_id', 'document_type', 'document_number', 'status', 'files', 'reviewed_by', 'reviewed_at', 'created_at', 'username', 'email',
  ]),
  'approvalsQueries.lock': columns(approvalsQueries.lock(UUID), [
    'id', 'kind', 'target_user_id', 'requested_by', 'amount', 'reason', 'status', 'decided_by', 'decided_at', 'ledger_transaction_id', 'created_at',
  ]),
  'approvalsQueries.listCount': columns(approvalsQueries.listCount(undefined), ['total']),
  'approvalsQueries.view': columns(approvalsQueries.view(UUID), [
    'id', 'kind', 'target_user_id', 'requested_by', 'amount', 'reason', 'status', 'decided_by', 'decided_at', 'ledger_transaction_id', 'created_at',
    'target_username', 'target_email', 'requester_username', 'decider_username',
  ]),
  'contactMessagesQueries.count': columns(contactMessagesQueries.count(), ['total']),
  'contactMessagesQueries.page': columns(contactMessagesQueries.page(20, 0), ['id', 'name', 'email', 'subject', 'message', 'user_id', 'created_at']),
  'demoQueries.copiers': columns(demoQueries.copiers(['a'], 'demo.example', 'demo_deposit'), ['id', 'username', 'deposited']),
  'demoQueries.userByEmail': columns(demoQueries.userByEmail('a@b.c'), ['id']),
  'demoQueries.usersByUsername': columns(demoQueries.usersByUsername(['a'], 'demo.example'), ['id', 'username']),
  'depositReferencesQueries.referenceOfUser': columns(depositReferencesQueries.referenceOfUser(UUID), ['reference']),
  'depositReferencesQueries.holder': columns(depositReferencesQueries.holder('MLABCDEFGH', false), [
    'reference', 'user_id', 'username', 'email', 'kyc_status', 'blocked', 'deleted',
  ]),
  'usersQueries.passwordHashOf': columns(usersQueries.passwordHashOf(UUID), ['password_hash']),
  'usersQueries.takenEmailOrUsername': columns(usersQueries.takenEmailOrUsername('a@b.c', 'a'), ['email', 'username']),
};

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
      if (!value || typeof value !== 'object') continue;
      for (const [key, member] of Object.entries(value)) {
        if (typeof member !== 'function' || seen.has(member)) continue;
        seen.add(member);
        names.push(`${exported}.${key}`);
      }
    }
  }
  return names.sort();
}

/** The tag's values as node-postgres sends them. */
const params = (query: Sql<unknown>) => query.params.map((v) => (v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? v.toString() : v));


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
      for (const [name, query] of setup.reverse()) await attempt(name, pgText(query), query);
      for (const [name, query] of Object.entries(QUERIES)) await attempt(name, `EXPLAIN ${pgText(query)}`, query);
      await attempt(drop[0], pgText(drop[1]), drop[1]);
    } finally {
      await client.query('ROLLBACK');
    }
    expect(failures).toEqual([]);
  });

  it('returns exactly the columns each checked read declares', async () => {
    const failures: string[] = [];
    await client.query('BEGIN');
    try {
      for (const [name, { query, names }] of Object.entries(RESULT_COLUMNS)) {
        await client.query('SAVEPOINT q');
        try {
          const result = await client.query(`SELECT * FROM (${pgText(query)}) q LIMIT 0`, params(query));
          const got = result.fields.map((field) => field.name);
          if ([...got].sort().join() !== [...names].sort().join()) failures.push(`${name}: returns ${got.join(', ')}; its row declares ${names.join(', ')}`);
          await client.query('RELEASE SAVEPOINT q');
        } catch (error) {
          failures.push(`${name}: ${(error as Error).message}`);
          await client.query('ROLLBACK TO SAVEPOINT q');
        }
      }
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
