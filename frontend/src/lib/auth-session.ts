import { useSyncExternalStore } from 'react';
import { ApiError, apiRequest } from './api-client';
import { toast } from './toast';

/**
 * The signed-in session (seed §3/§4). The access token lives only in memory (a page script can read
 * localStorage; the refresh token is an httpOnly cookie the SPA never sees). Only the `persist` flag is
 * kept in localStorage.
 */
export type Role = 'User' | 'Trader' | 'Admin';
export type KycStatus = 'Unverified' | 'Pending' | 'Verified';

export interface UserInfo {
  userId: string;
  verified: boolean;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  traderID: number | string | null;
  copyID: string[];
  balance: string;
  tradingBalance: string;
  roles: Role[];
  kycverified: boolean;
  kycstring: KycStatus | string;
  copiedTrades: number;
}

export interface Session {
  token: string | null;
  user: UserInfo | null;
  userId: string;
  username: string;
  email: string;
  roles: Role[];
  isLoggedIn: boolean;
  isTrader: boolean;
  isAdmin: boolean;
  status: Role;
  balance: string;
  tradingbalance: string;
  KYCstatus: boolean;
  KYCstring: string;
  traderID: number | string | null;
  impersonated: boolean;
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(b64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the token's claims; throws 'Invalid token' when it is not a string or cannot be decoded (seed §8). */
export function decodeToken(token: unknown): { UserInfo?: Partial<UserInfo>; imp?: string; exp?: number } {
  if (typeof token !== 'string') throw new Error('Invalid token');
  const parts = token.split('.');
  if (parts.length < 2) throw new Error('Invalid token');
  try {
    return JSON.parse(base64UrlDecode(parts[1]));
  } catch {
    throw new Error('Invalid token');
  }
}

/** Admin takes precedence over Trader, Trader over User (seed §4). */
export function statusOf(roles: readonly string[]): Role {
  if (roles.includes('Admin')) return 'Admin';
  if (roles.includes('Trader')) return 'Trader';
  return 'User';
}

const SIGNED_OUT: Session = {
  token: null,
  user: null,
  userId: '',
  username: '',
  email: '',
  roles: [],
  isLoggedIn: false,
  isTrader: false,
  isAdmin: false,
  status: 'User',
  balance: '0',
  tradingbalance: '0',
  KYCstatus: false,
  KYCstring: 'Unverified',
  traderID: null,
  impersonated: false,
};

export function sessionFromToken(token: string | null): Session {
  if (!token) return SIGNED_OUT;
  let claims: ReturnType<typeof decodeToken>;
  try {
    claims = decodeToken(token);
  } catch {
    return SIGNED_OUT;
  }
  const info = claims.UserInfo ?? {};
  const roles = (Array.isArray(info.roles) ? info.roles : []).filter((r): r is Role => r === 'User' || r === 'Trader' || r === 'Admin');
  const user: UserInfo = {
    userId: String(info.userId ?? ''),
    verified: Boolean(info.verified),
    email: info.email ?? '',
    username: info.username ?? '',
    firstname: info.firstname ?? '',
    lastname: info.lastname ?? '',
    traderID: info.traderID ?? null,
    copyID: info.copyID ?? [],
    balance: info.balance ?? '0',
    tradingBalance: info.tradingBalance ?? '0',
    roles,
    kycverified: Boolean(info.kycverified),
    kycstring: info.kycstring ?? 'Unverified',
    copiedTrades: info.copiedTrades ?? 0,
  };
  return {
    token,
    user,
    userId: user.userId,
    username: user.username,
    email: user.email,
    roles,
    isLoggedIn: true,
    isTrader: roles.includes('Trader'),
    isAdmin: roles.includes('Admin'),
    status: statusOf(roles),
    balance: user.balance || '0',
    tradingbalance: user.tradingBalance || '0',
    KYCstatus: user.kycverified || user.kycstring === 'Verified',
    KYCstring: String(user.kycstring || 'Unverified'),
    traderID: user.traderID,
    impersonated: Boolean(claims.imp),
  };
}

// ---- the token store ----
type Listener = () => void;
const listeners = new Set<Listener>();
let currentToken: string | null = null;
let currentSession: Session = SIGNED_OUT;

function emit() {
  for (const l of listeners) l();
}

export function getToken(): string | null {
  return currentToken;
}

export function getSession(): Session {
  return currentSession;
}

export function setCredentials(payload: { accessToken?: unknown }): void {
  const token = typeof payload.accessToken === 'string' ? payload.accessToken : null;
  if (token === currentToken) return;
  currentToken = token;
  currentSession = sessionFromToken(token);
  rememberImpersonation(currentSession);
  emit();
}

export function clearCredentials(): void {
  if (currentToken === null) return;
  currentToken = null;
  currentSession = SIGNED_OUT;
  rememberImpersonation(currentSession);
  emit();
}

// ---- impersonation across a reload (product.md §12.6: it survives a reload) ----
// The read-only impersonation token lives in memory only (never in storage): a reload restores the admin's own
// session from the refresh cookie. This tab remembers whom the admin was acting as (the user's id and name, no
// token), so the restore asks POST admin/impersonate again with the admin's fresh token (audited again, as any
// impersonation) and the admin is back where they were. When that is refused the restore says that the
// impersonation ended instead of silently switching identity.
const IMPERSONATING_KEY = 'ml_impersonating';

interface ActedAs {
  userId: string;
  name: string;
}

function rememberImpersonation(session: Session): void {
  try {
    if (session.impersonated) sessionStorage.setItem(IMPERSONATING_KEY, JSON.stringify({ userId: session.userId, name: session.username || session.email || 'a user' } satisfies ActedAs));
    else sessionStorage.removeItem(IMPERSONATING_KEY);
  } catch {
    // storage unavailable: the reload cannot tell, as before
  }
}

function impersonationBeforeReload(): ActedAs | null {
  try {
    const raw = sessionStorage.getItem(IMPERSONATING_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<ActedAs>) : null;
    return parsed && typeof parsed.userId === 'string' && typeof parsed.name === 'string' ? { userId: parsed.userId, name: parsed.name } : null;
  } catch {
    return null;
  }
}

/** After a reload the admin's own session is back: act as the same user again (the admin's token asks). */
async function resumeImpersonation(actedAs: ActedAs): Promise<void> {
  const adminToken = currentToken;
  try {
    if (!currentSession.isAdmin) throw new Error('not an admin');
    const data = await apiRequest<{ accessToken?: string }>('/admin/impersonate', { method: 'POST', body: { userId: actedAs.userId }, token: adminToken });
    // nobody signed in or out meanwhile
    if (currentToken === adminToken && typeof data?.accessToken === 'string') setCredentials({ accessToken: data.accessToken });
  } catch {
    toast.info(`Acting as ${actedAs.name} ended when the page reloaded: you are ${currentSession.username || currentSession.email} again.`, 8000);
  }
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

// ---- persist flag (seed §9: key `persist`, default on) ----
export const PERSIST_KEY = 'persist';

export function getPersist(): boolean {
  try {
    const raw = localStorage.getItem(PERSIST_KEY);
    if (raw === null) return true;
    return JSON.parse(raw) !== false;
  } catch {
    return true;
  }
}

export function setPersist(value: boolean): void {
  try {
    localStorage.setItem(PERSIST_KEY, JSON.stringify(value));
  } catch {
    // private mode: the session simply does not survive a reload
  }
}

// ---- refresh (one shared call) ----
export const EXPIRED_MESSAGE = 'Your login has expired.';
let refreshing: Promise<string> | null = null;

/**
 * GET /api/auth/refresh. Concurrent callers share one request: the refresh cookie is rotated on every
 * use and presenting the old one again revokes the whole family, so two parallel refreshes would log the
 * user out.
 */
export function refreshAccessToken(): Promise<string> {
  if (!refreshing) {
    const tokenInUse = currentToken;
    refreshing = (async () => {
      try {
        const data = await apiRequest<{ accessToken?: string }>('/auth/refresh');
        if (!data || typeof data.accessToken !== 'string') throw new ApiError('PARSING_ERROR', { message: 'No access token in the refresh answer' });
        setCredentials({ accessToken: data.accessToken });
        return data.accessToken;
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) {
          // The session is over (refresh token expired, revoked or reused). Drop the dead access token so
          // that menus and the role gate see a signed-out user (the gate sends to /signin and remembers
          // the page) and later calls do not each try the refresh again. Only if nobody signed in since.
          if (tokenInUse !== null && currentToken === tokenInUse) {
            clearCredentials();
            toast.error(EXPIRED_MESSAGE);
          }
          throw new ApiError(403, { ...error.info, message: EXPIRED_MESSAGE }, EXPIRED_MESSAGE);
        }
        throw error;
      } finally {
        refreshing = null;
      }
    })();
  }
  return refreshing;
}

// ---- session restore (seed §4) ----
export type RestoreState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'done' }
  | { phase: 'error'; message: string };

let restoreState: RestoreState = { phase: 'idle' };
const restoreListeners = new Set<Listener>();

function setRestoreState(next: RestoreState) {
  restoreState = next;
  for (const l of restoreListeners) l();
}

export function getRestoreState(): RestoreState {
  return restoreState;
}

export function useRestoreState(): RestoreState {
  return useSyncExternalStore(
    (l) => {
      restoreListeners.add(l);
      return () => restoreListeners.delete(l);
    },
    getRestoreState,
    getRestoreState,
  );
}

/**
 * The API sets the non-secret `ml_session=1` cookie beside the httpOnly refresh cookie and clears it with
 * it: without it there is no session to restore, and asking would only answer 401 (a red console line).
 */
export function hasSessionHint(): boolean {
  try {
    return document.cookie.split(';').some((c) => c.trim() === 'ml_session=1');
  } catch {
    return false;
  }
}

/** Runs once per page load: with `persist` on, no token and a session hint, try the refresh cookie. */
export function restoreSession(): void {
  if (restoreState.phase !== 'idle') return;
  const actedAs = currentToken ? null : impersonationBeforeReload();
  if (!getPersist() || currentToken || !hasSessionHint()) {
    if (actedAs) rememberImpersonation(currentSession);
    setRestoreState({ phase: 'done' });
    return;
  }
  setRestoreState({ phase: 'loading' });
  refreshAccessToken().then(
    async () => {
      if (actedAs) await resumeImpersonation(actedAs);
      setRestoreState({ phase: 'done' });
    },
    (error: unknown) => {
      // no cookie (401) simply means a visitor: render the public pages
      if (error instanceof ApiError && error.status === 401) setRestoreState({ phase: 'done' });
      else setRestoreState({ phase: 'error', message: error instanceof Error ? error.message : 'Something went wrong' });
    },
  );
}

/** For tests: forget the token, the restore state and any refresh in flight. */
export function resetSessionForTests(): void {
  currentToken = null;
  currentSession = SIGNED_OUT;
  refreshing = null;
  restoreState = { phase: 'idle' };
  emit();
}
