// Order matters: the auth context imports UsersModule from here, and the modules below import
// @mirrorline/auth; exporting the plain entity module first keeps that cycle harmless.
export * from './domain/user';
export * from './domain/user-account';
export * from './adapters/persistence/user.entity';
export * from './users.module';
export * from './application/actor';
export * from './adapters/http/not-impersonated.guard';
export * from './application/ports/trader-profiles';
export * from './application/ports/session-revoker';
export * from './application/use-cases/block-user/block-user.use-case';
export * from './application/use-cases/update-user/update-user.use-case';
export * from './application/use-cases/verify-admin-credentials/verify-admin-credentials.use-case';
export * from './user-management.module';
