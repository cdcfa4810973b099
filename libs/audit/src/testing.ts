// @mirrorline/audit/testing: the in-memory audit log for specs, test/ and bench/ only (docs/architecture.md "Wiring"; the
// boundaries rule refuses this entry anywhere else).
export * from './testing/in-memory-audit-log';
