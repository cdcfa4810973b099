import type { DynamicModule, Type } from '@nestjs/common';
import type { AppConfig } from '@mirrorline/shared';
import { WalletModule } from '@mirrorline/wallet';
import { UserManagementModule } from '@mirrorline/back-office';
import { KycModule } from '@mirrorline/kyc';
import { AuditModule } from '@mirrorline/audit';
import { SupportModule } from '@mirrorline/support';
import { DemoModule } from '@mirrorline/demo';
import { AdminPanelModule } from './admin/admin-panel.module';

/**
 * The bounded contexts beyond the foundation and the composition root (which holds mail, events, notifications,
 * market and copy trading: composition-root.module.ts). Each context module is added here once it exists.
 */
export const FEATURE_MODULES = (_config: AppConfig): Array<Type<unknown> | DynamicModule> => [
  WalletModule,
  AuditModule,
  KycModule,
  UserManagementModule,
  SupportModule,
  DemoModule,
  // AdminJS is ESM and keeps watchers alive: off in Jest (ADMIN_PANEL=false), tested over HTTP against the built app.
  ...(_config.adminPanel ? [AdminPanelModule.forRoot(_config)] : []),
];
