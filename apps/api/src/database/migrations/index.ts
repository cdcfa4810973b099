import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123000000Foundation } from './Migration20261123000000Foundation';
import { Migration20261123000100Users } from './Migration20261123000100Users';
import { Migration20261123000200Ledger } from './Migration20261123000200Ledger';
import { Migration20261123000300Auth } from './Migration20261123000300Auth';
import { Migration20261123000400Wallet } from './Migration20261123000400Wallet';
import { Migration20261123000500Audit } from './Migration20261123000500Audit';
import { Migration20261123000510Kyc } from './Migration20261123000510Kyc';
import { Migration20261123000520AdminSessions } from './Migration20261123000520AdminSessions';
import { Migration20261123000600CopyTrading } from './Migration20261123000600CopyTrading';
import { Migration20261123000610Notifications } from './Migration20261123000610Notifications';
import { Migration20261123000620CopyTradingFanOutTuning } from './Migration20261123000620CopyTradingFanOutTuning';
import { Migration20261123000630NotificationsKey } from './Migration20261123000630NotificationsKey';
import { Migration20261123000640CopySettlementTuning } from './Migration20261123000640CopySettlementTuning';
import { Migration20261123000650LoginFailuresSweepIndex } from './Migration20261123000650LoginFailuresSweepIndex';
import { Migration20261123000700WalletGuards } from './Migration20261123000700WalletGuards';
import { Migration20261123080000MarketCore } from './Migration20261123080000MarketCore';
import { Migration20261123081000Execution } from './Migration20261123081000Execution';
import { Migration20261123090000SecurityFix } from './Migration20261123090000SecurityFix';
import { Migration20261123090010LoginThrottle } from './Migration20261123090010LoginThrottle';
import { Migration20261123091000AccountSecurity } from './Migration20261123091000AccountSecurity';
import { Migration20261123110000ThroughputCaches } from './Migration20261123110000ThroughputCaches';
import { Migration20261123120000ContactMessages } from './Migration20261123120000ContactMessages';
import { Migration20261123140000AccessCacheSessions } from './Migration20261123140000AccessCacheSessions';
import { Migration20261123150000UserReadCaches } from './Migration20261123150000UserReadCaches';
import { Migration20261123170000TraderKycListing } from './Migration20261123170000TraderKycListing';
import { Migration20261123185000UserDirectory } from './Migration20261123185000UserDirectory';
import { Migration20261123190000FanOutIndexes } from './Migration20261123190000FanOutIndexes';
import { Migration20261126190000CopyGuardNotices } from './Migration20261126190000CopyGuardNotices';
import { Migration20261127100000ExactlyOnce } from './Migration20261127100000ExactlyOnce';
import { Migration20261126200000LedgerPostingOnePass } from './Migration20261126200000LedgerPostingOnePass';
import { Migration20261127200000AdminApprovals } from './Migration20261127200000AdminApprovals';
import { Migration20261128000000CopyControls } from './Migration20261128000000CopyControls';
import { Migration20261128000100TraderRecord } from './Migration20261128000100TraderRecord';
import { Migration20261128100000BankTransfers } from './Migration20261128100000BankTransfers';

/**
 * Every migration, in name (= timestamp) order. The list is explicit (no glob) so the same code runs
 * from TypeScript (tests) and from the compiled dist. Add new migrations in order; never edit a landed one.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261123000000Foundation', class: Migration20261123000000Foundation },
  { name: 'Migration20261123000100Users', class: Migration20261123000100Users },
  { name: 'Migration20261123000200Ledger', class: Migration20261123000200Ledger },
  { name: 'Migration20261123000300Auth', class: Migration20261123000300Auth },
  { name: 'Migration20261123000400Wallet', class: Migration20261123000400Wallet },
  { name: 'Migration20261123000500Audit', class: Migration20261123000500Audit },
  { name: 'Migration20261123000510Kyc', class: Migration20261123000510Kyc },
  { name: 'Migration20261123000520AdminSessions', class: Migration20261123000520AdminSessions },
  { name: 'Migration20261123000600CopyTrading', class: Migration20261123000600CopyTrading },
  { name: 'Migration20261123000610Notifications', class: Migration20261123000610Notifications },
  { name: 'Migration20261123000620CopyTradingFanOutTuning', class: Migration20261123000620CopyTradingFanOutTuning },
  { name: 'Migration20261123000630NotificationsKey', class: Migration20261123000630NotificationsKey },
  { name: 'Migration20261123000640CopySettlementTuning', class: Migration20261123000640CopySettlementTuning },
  { name: 'Migration20261123000650LoginFailuresSweepIndex', class: Migration20261123000650LoginFailuresSweepIndex },
  { name: 'Migration20261123000700WalletGuards', class: Migration20261123000700WalletGuards },
  { name: 'Migration20261123080000MarketCore', class: Migration20261123080000MarketCore },
  { name: 'Migration20261123081000Execution', class: Migration20261123081000Execution },
  { name: 'Migration20261123090000SecurityFix', class: Migration20261123090000SecurityFix },
  { name: 'Migration20261123090010LoginThrottle', class: Migration20261123090010LoginThrottle },
  { name: 'Migration20261123091000AccountSecurity', class: Migration20261123091000AccountSecurity },
  { name: 'Migration20261123110000ThroughputCaches', class: Migration20261123110000ThroughputCaches },
  { name: 'Migration20261123120000ContactMessages', class: Migration20261123120000ContactMessages },
  { name: 'Migration20261123140000AccessCacheSessions', class: Migration20261123140000AccessCacheSessions },
  { name: 'Migration20261123150000UserReadCaches', class: Migration20261123150000UserReadCaches },
  { name: 'Migration20261123170000TraderKycListing', class: Migration20261123170000TraderKycListing },
  { name: 'Migration20261123185000UserDirectory', class: Migration20261123185000UserDirectory },
  { name: 'Migration20261123190000FanOutIndexes', class: Migration20261123190000FanOutIndexes },
  { name: 'Migration20261126190000CopyGuardNotices', class: Migration20261126190000CopyGuardNotices },
  { name: 'Migration20261126200000LedgerPostingOnePass', class: Migration20261126200000LedgerPostingOnePass },
  { name: 'Migration20261127100000ExactlyOnce', class: Migration20261127100000ExactlyOnce },
  { name: 'Migration20261127200000AdminApprovals', class: Migration20261127200000AdminApprovals },
  { name: 'Migration20261128000000CopyControls', class: Migration20261128000000CopyControls },
  { name: 'Migration20261128000100TraderRecord', class: Migration20261128000100TraderRecord },
  { name: 'Migration20261128100000BankTransfers', class: Migration20261128100000BankTransfers },
];
