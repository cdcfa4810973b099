// @mirrorline/shared/nest: the helpers of adapters and modules, which load Nest, MikroORM, class-validator,
// pg or node:http (architecture.md rule 14). Never imported from a domain/ folder (lint-checked); the plain
// part is @mirrorline/shared (./index.ts).
export * from './persistence/mikro-orm-unit-of-work';
export * from './persistence/run-sql-bound';
export * from './persistence/pg-notifications';
export * from './config/config.module';
export * from './http/page-query.dto';
export * from './http/sse';
export * from './http/text.validators';
export * from './http/validation-pipe';
