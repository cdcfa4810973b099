// The accounts context (docs/architecture.md "Context map"): right after shared in docs/lib-order.json,
// it owns `users` and the identity types every other context shares (roles, KYC statuses, UserInfo).
// Its SQL fragments for other contexts are at @mirrorline/accounts/sql, its fakes at @mirrorline/accounts/testing.
export * from './domain/roles';
export * from './domain/user-info';
export * from './domain/user-account';
export * from './application/user-accounts';
export * from './application/user-kyc-statuses';
export * from './application/user.repository';
export { UserEntity } from './adapters/persistence/user.entity';
export { AccountsModule } from './accounts.module';
