// @mirrorline/wallet/testing: the in-memory fakes and the request fingerprint the idempotency specs compute for specs, test/ and bench/ only (docs/architecture.md "Wiring"; the
// boundaries rule refuses this entry anywhere else).
export * from './testing/in-memory-wallet.fakes';
export { requestFingerprint } from './adapters/http/idempotency.interceptor';
