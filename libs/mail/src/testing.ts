// @mirrorline/mail/testing: the in-memory mailer and the SMTP adapter the SMTP spec drives for specs, test/ and bench/ only (docs/architecture.md "Wiring"; the
// boundaries rule refuses this entry anywhere else).
export * from './testing/in-memory-mailer';
export { SmtpMailer } from './adapters/smtp/smtp.mailer';
