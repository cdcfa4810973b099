export * from './domain/user';
export * from './adapters/persistence/user.entity';
export * from './users.module';
