export * from './domain/kyc';
export * from './application/ports/document-store';
export * from './application/ports/kyc-submission.repository';
export * from './application/ports/kyc-administration';
export * from './application/use-cases/set-kyc-status/set-kyc-status.use-case';
export * from './application/use-cases/redact-kyc-data/redact-kyc-data.use-case';
export * from './adapters/persistence/kyc-submission.entity';
export * from './kyc.module';
