import { isObj, pick, str } from '../../../lib/normalize';

export const ROLE_OPTIONS = ['User', 'Trader', 'Admin'] as const;
export const KYC_OPTIONS = ['Unverified', 'Pending', 'Verified'] as const;

export interface AdminUser {
  _id: string;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  roles: string[];
  traderID: string | null;
  KYC: string;
  balance: string;
  blocked: boolean;
}

export function toAdminUser(raw: unknown): AdminUser {
  const o = isObj(raw) ? raw : {};
  const traderID = pick(o, 'traderID', 'traderId');
  return {
    _id: str(pick(o, '_id', 'id', 'userId')),
    username: str(o.username),
    firstname: str(o.firstname),
    lastname: str(o.lastname),
    email: str(o.email),
    roles: Array.isArray(o.roles) ? o.roles.map((r) => str(r)) : ['User'],
    traderID: traderID === undefined || traderID === '' ? null : str(traderID),
    KYC: str(pick(o, 'KYC', 'kyc'), 'Unverified'),
    balance: str(o.balance, '0'),
    blocked: Boolean(o.blocked),
  };
}

/** Seed §8 "Admin log in as user": status → message. */
export function impersonationMessage(status: unknown): string {
  if (status === 401) return 'Invalid email or password';
  if (status === 429) return 'Too many login attempts';
  if (status === 402) return 'You have not verified your email';
  return 'Something went wrong';
}
