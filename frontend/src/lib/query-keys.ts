/**
 * The key factories: the one spelling of every SWR key (docs/frontend.md "Key factories"). A reader calls
 * `useApi(walletKeys.balance())`; a mutation invalidates by a factory's `all` (a path prefix), so it revalidates the
 * very keys the readers use. Keys shared by several features live here (features never import each other).
 */
import { apiKey, idParam as id, type ApiQuery } from './api';

type TradersQuery = ApiQuery<'/api/traders'>;
type Id = string | number;

export const walletKeys = {
  /** every wallet read (balance, transactions, statement, equity, addresses, instructions) */
  all: '/api/wallet',
  balance: () => apiKey('/api/wallet'),
  transactions: (page: number) => apiKey('/api/wallet/transactions', { query: { page, limit: 10 } }),
  statement: (page: number) => apiKey('/api/wallet/statement', { query: { page, limit: 20 } }),
  equity: () => apiKey('/api/wallet/equity'),
  instructions: () => apiKey('/api/wallet/deposit/instructions'),
  addresses: () => apiKey('/api/wallet/addresses'),
  addressesAll: '/api/wallet/addresses',
};

export const copyKeys = {
  all: '/api/copies',
  mine: () => apiKey('/api/copies'),
};

export const tradeKeys = {
  /** my copied positions */
  all: '/api/trades',
  page: (page: number, status: '' | 'open' | 'closed') => apiKey('/api/trades', { query: { page, limit: 20, status: status || undefined } }),
  lastClosed: () => apiKey('/api/trades', { query: { page: 1, limit: 100, status: 'closed' } }),
  open: () => apiKey('/api/trades', { query: { page: 1, limit: 100, status: 'open' } }),
};

export const traderKeys = {
  /** the public trader reads (list, profile, performance, record, simulation) */
  all: '/api/traders',
  list: (query: TradersQuery) => apiKey('/api/traders', { query }),
  one: (traderId: Id, period?: ApiQuery<'/api/traders/{id}'>['period']) => apiKey('/api/traders/{id}', { path: { id: id(traderId) }, query: period ? { period } : undefined }),
  performance: (traderId: Id, period: ApiQuery<'/api/traders/{id}/performance'>['period']) => apiKey('/api/traders/{id}/performance', { path: { id: id(traderId) }, query: { period } }),
  risk: (traderId: Id) => apiKey('/api/traders/{id}/risk', { path: { id: id(traderId) } }),
  trades: (traderId: Id, status: 'open' | 'closed', page: number) => apiKey('/api/traders/{id}/trades', { path: { id: id(traderId) }, query: { status, page, limit: 10 } }),
  heads: (traderId: Id) => apiKey('/api/traders/{id}/record/heads', { path: { id: id(traderId) } }),
  simulate: (traderId: Id, query: ApiQuery<'/api/traders/{id}/simulate'>) => apiKey('/api/traders/{id}/simulate', { path: { id: id(traderId) }, query }),
};

/** The trader's own desk (trader/…). */
export const deskKeys = {
  all: ['/api/trader/trades', '/api/trader/orders'] as const,
  trades: (status: 'open' | 'closed', page: number, traderId?: Id) => apiKey('/api/trader/trades', { query: { page, limit: 20, status, traderId: traderId === undefined ? undefined : id(traderId) } }),
  orders: (traderId?: Id) => apiKey('/api/trader/orders', { query: { status: 'pending', limit: 50, traderId: traderId === undefined ? undefined : id(traderId) } }),
  followers: (page: number, traderId?: Id) => apiKey('/api/trader/followers', { query: { page, limit: 20, traderId: traderId === undefined ? undefined : id(traderId) } }),
};

export const notificationKeys = {
  all: '/api/notifications',
  latest: (limit: number) => apiKey('/api/notifications', { query: { limit } as ApiQuery<'/api/notifications'> }),
  page: (page: number) => apiKey('/api/notifications', { query: { page, limit: 20 } as ApiQuery<'/api/notifications'> }),
};

export const userKeys = {
  me: () => apiKey('/api/user/get'),
  meAll: '/api/user/get',
};

export const securityKeys = {
  mfa: () => apiKey('/api/auth/mfa'),
  mfaAll: '/api/auth/mfa',
  sessions: () => apiKey('/api/auth/sessions'),
  sessionsAll: '/api/auth/sessions',
  tokens: () => apiKey('/api/auth/tokens'),
  tokensAll: '/api/auth/tokens',
};

export const marketKeys = {
  instruments: () => apiKey('/api/market/instruments'),
  candles: (symbol: string, interval: ApiQuery<'/api/market/candles/{symbol}'>['interval'], limit: number) =>
    apiKey('/api/market/candles/{symbol}', { path: { symbol }, query: { interval, limit } }),
  watchlist: () => apiKey('/api/me/watchlist'),
  watchlistAll: '/api/me/watchlist',
  alerts: () => apiKey('/api/alerts'),
  alertsAll: '/api/alerts',
};

export const adminKeys = {
  details: () => apiKey('/api/admin_details'),
  detailsAll: '/api/admin_details',
  approvals: () => apiKey('/api/admin/approvals', { query: { status: 'pending', limit: 100 } }),
  approvalsAll: '/api/admin/approvals',
  users: (page: number, search: string) => apiKey('/api/user/get-all', { query: { page, limit: 20, search: search || undefined } }),
  usersAll: '/api/user/get-all',
  kyc: (status: string, page: number) => apiKey('/api/admin/kyc', { query: { status: (status || undefined) as ApiQuery<'/api/admin/kyc'>['status'], page, limit: 10 } }),
  kycAll: '/api/admin/kyc',
  wallets: (page: number, search: string) => apiKey('/api/admin/wallets', { query: { page, limit: 20, search: search || undefined } }),
  walletsAll: '/api/admin/wallets',
  transactions: (status: string, page: number) =>
    apiKey('/api/admin/transactions', { query: { status: (status || undefined) as ApiQuery<'/api/admin/transactions'>['status'], page, limit: 20 } }),
  transactionsAll: '/api/admin/transactions',
  contactMessages: (page: number) => apiKey('/api/admin/contact-messages', { query: { page, limit: 10 } }),
  contactMessagesAll: '/api/admin/contact-messages',
  auditAll: '/api/admin/audit',
};
