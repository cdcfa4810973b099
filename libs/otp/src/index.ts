export * from './domain/one-time-code';
export * from './domain/otp-errors';
export * from './application/ports/one-time-code.repository';
export * from './application/use-cases/issue-one-time-code/issue-one-time-code.use-case';
export * from './application/use-cases/verify-one-time-code/verify-one-time-code.use-case';
export * from './otp.module';
