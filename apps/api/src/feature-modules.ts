import type { DynamicModule, Type } from '@nestjs/common';
import type { AppConfig } from '@mirrorline/shared';
import { WalletModule } from '@mirrorline/wallet';
import { CopyTradingModule } from '@mirrorline/copy-trading';
import { NotificationsModule } from '@mirrorline/notifications';

/**
 * The bounded contexts beyond the foundation (auth, OTP, users, KYC, wallet, copy trading,
 * notifications, audit, AdminJS). Each context module is added here once it exists.
 */
export const FEATURE_MODULES = (_config: AppConfig): Array<Type<unknown> | DynamicModule> => [
  WalletModule,
  NotificationsModule,
  CopyTradingModule,
];
