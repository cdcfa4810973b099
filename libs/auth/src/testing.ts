// @mirrorline/auth/testing: the in-memory fakes and the secret box (a spec seals a TOTP secret as sign-up would) for specs, test/ and bench/ only (docs/architecture.md "Wiring"; the
// boundaries rule refuses this entry anywhere else).
export * from './testing/in-memory-auth.fakes';
export { sealSecret, openSecret } from './adapters/crypto/secret-box';
