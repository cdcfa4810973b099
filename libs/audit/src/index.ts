export * from './domain/audit-entry';
export * from './application/ports/audit-log';
export * from './adapters/persistence/audit-log.entity';
export * from './audit.module';
