// The back office (docs/architecture.md "Context map"), last in docs/lib-order.json: the admin features over
// accounts' users (admin table, block/delete/update, overview, impersonation, approvals, balance adjustments,
// the admin shell's grant) and the user's own profile (GET user/get, which reads the wallet and copy trading).
export * from './application/actor';
export * from './application/use-cases/block-user/block-user.use-case';
export * from './application/use-cases/update-user/update-user.use-case';
export * from './application/use-cases/verify-admin-credentials/verify-admin-credentials.use-case';
export * from './user-management.module';
export * from './admin-shell.module';
export * from './application/use-cases/grant-admin-from-shell/grant-admin-from-shell.use-case';
