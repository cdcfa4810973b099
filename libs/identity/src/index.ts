// The identity kernel (docs/architecture.md "Context map"): the few identity types that auth, KYC, user
// management and the rest share. Plain TypeScript, no framework, no Nest module; it imports only the
// framework-free part of @mirrorline/shared, and every other lib may import it.
export * from './roles';
export * from './user-info';
