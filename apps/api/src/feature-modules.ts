import type { DynamicModule, Type } from '@nestjs/common';
import type { AppConfig } from '@mirrorline/shared';
import { WalletModule } from '@mirrorline/wallet';
import { CopyTradingModule } from '@mirrorline/copy-trading';
import { NotificationsModule } from '@mirrorline/notifications';
import { UserManagementModule } from '@mirrorline/users';
import { KycModule } from '@mirrorline/kyc';
import { AuditModule } from '@mirrorline/audit';
import { EventsModule } from '@mirrorline/events';
import { MarketModule } from '@mirrorline/market';
import { SupportModule } from '@mirrorline/support';
import { DemoModule } from '@mirrorline/demo';
import { AdminPanelModule } from './admin/admin-panel.module';

/**
 * The bounded contexts beyond the foundation (auth, OTP, users, KYC, wallet, copy trading,
 * notifications, audit, AdminJS). Each context module is added here once it exists.
 */
export const FEATURE_MODULES = (_config: AppConfig): Array<Type<unknown> | DynamicModule> => [
  EventsModule,
  MarketModule.forRoot(_config),
  WalletModule,
  NotificationsModule,
  CopyTradingModule,
  AuditModule,
  KycModule,
  UserManagementModule,
  SupportModule,
  DemoModule,
  // AdminJS is ESM and keeps watchers alive: off in Jest (ADMIN_PANEL=false), tested over HTTP against the built app.
  ...(_config.adminPanel ? [AdminPanelModule.forRoot(_config)] : []),
];
