export * from './domain/user-info';
export * from './adapters/http/auth.decorators';
export * from './adapters/http/access-token.guard';
export * from './application/active-user-check';
export * from './auth.module';
