// @mirrorline/shared: the framework-free entry (architecture.md rule 14). Plain TypeScript only: domain code
// imports this and nothing else from shared (lint-checked). Nest modules, MikroORM helpers, DTOs, validators and
// HTTP helpers are in the adapters' entry, @mirrorline/shared/nest (./nest.ts).
export * from './domain/money';
export * from './domain/domain-error';
export * from './domain/clock';
export * from './domain/unit-of-work';
export * from './domain/page';
export * from './domain/open-positions-value';
export * from './domain/keyed-serial-queue';
export * from './domain/server-busy';
export * from './config/app-config';
export * from './persistence/database-unavailable';
export * from './persistence/database-notifications';
export * from './persistence/sql-state';
export * from './persistence/sql';
export * from './persistence/user-read-cache';
export * from './storage/storage-unavailable';
export * from './persistence/db-schema.generated';
