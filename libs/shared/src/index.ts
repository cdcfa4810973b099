export * from './domain/money';
export * from './domain/domain-error';
export * from './domain/clock';
export * from './domain/unit-of-work';
export * from './domain/page';
export * from './persistence/mikro-orm-unit-of-work';
export * from './config/app-config';
export * from './config/config.module';
