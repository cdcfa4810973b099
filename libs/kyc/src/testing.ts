// @mirrorline/kyc/testing: the in-memory fakes and the upload quota the upload spec exceeds, for specs, test/ and
// bench/ only (docs/architecture.md "Wiring"; the boundaries rule refuses this entry anywhere else).
export * from './testing/in-memory-kyc.fakes';
export { KYC_UPLOADS_PER_USER } from './adapters/http/kyc-upload.interceptor';
