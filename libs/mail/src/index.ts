export * from './application/ports/mailer';
export * from './mail.module';
