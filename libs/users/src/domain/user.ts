// Roles and KYC statuses live in the identity kernel (auth and KYC use them too); re-exported for the users context.
export { ROLES, KYC_STATUSES, normaliseRoles, primaryStatus, type Role, type KycStatus } from '@mirrorline/identity';
