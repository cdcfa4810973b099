// Order matters: the plain domain and entity module come first, so that a lib that
// imports them while @mirrorline/users is still loading (a CommonJS cycle through user management,
// which imports auth, KYC, audit and wallet) finds them defined.
export * from './domain/user';
export * from './domain/user-account';
export * from './adapters/persistence/user.entity';
export * from './users.module';
export * from './application/actor';
export * from './application/use-cases/block-user/block-user.use-case';
export * from './application/use-cases/update-user/update-user.use-case';
export * from './application/use-cases/verify-admin-credentials/verify-admin-credentials.use-case';
export * from './user-management.module';
export { DemoTraderUsersSeeder } from './adapters/persistence/demo/demo-trader-users.seeder';
