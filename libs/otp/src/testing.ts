// @mirrorline/otp/testing: the in-memory code repository for specs, test/ and bench/ only (docs/architecture.md "Wiring"; the
// boundaries rule refuses this entry anywhere else).
export * from './testing/in-memory-one-time-code.repository';
