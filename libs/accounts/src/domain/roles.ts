export const ROLES = ['User', 'Trader', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

export const KYC_STATUSES = ['Unverified', 'Pending', 'Verified'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** Roles always include User (seed §5); order is fixed so that comparisons are stable. */
export function normaliseRoles(roles: readonly string[]): Role[] {
  const wanted = new Set<string>(['User', ...roles]);
  return ROLES.filter((role) => wanted.has(role));
}

/** The seed's status: Admin takes precedence over Trader, Trader over User. */
export function primaryStatus(roles: readonly string[]): Role {
  if (roles.includes('Admin')) return 'Admin';
  if (roles.includes('Trader')) return 'Trader';
  return 'User';
}
