export * from './application/ports/contact-messages';
export * from './application/use-cases/send-contact-message.use-case';
export * from './support.module';
