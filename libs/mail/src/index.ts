export * from './application/ports/mailer';
export * from './adapters/smtp/smtp.mailer';
export * from './adapters/log/log.mailer';
export * from './testing/in-memory-mailer';
export * from './mail.module';
