/**
 * The one typed path to the API (docs/frontend.md "Typed API client"). Paths, bodies, query parameters and
 * answers come from the generated `api-schema.d.ts` (openapi-typescript over the API's /api/docs-json;
 * `npm run api:types`):
 * - `api(method, path, options)` calls one route (mutations, one-off reads);
 * - `apiKey(path, options)` builds the SWR key of a read, and `useApi(key)` reads it. Keys are built only by
 *   the key factories (`lib/query-keys.ts`), so a mutation's `invalidate` names the same keys the readers use.
 * Every call sends the in-memory bearer token and shares the one refresh on 403 TOKEN_EXPIRED / TOKEN_REVOKED
 * (seed §4), unless it passes its own `token` (the session's refresh and sign-in flows).
 */
import useSWR, { type SWRConfiguration } from 'swr';
import type { components, paths } from './api-schema';
import { ApiError, apiRequest, type QueryParams, type RequestOptions } from './api-client';
import { getToken, refreshAccessToken } from './auth-session';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type Path = keyof paths;
export type PathsWith<M extends Method> = { [P in Path]: paths[P] extends { [K in M]: object } ? P : never }[Path];
type Op<P extends Path, M extends Method> = paths[P] extends { [K in M]: infer O } ? O : never;

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : unknown;
type SuccessOf<O> = O extends { responses: infer R }
  ? 200 extends keyof R
    ? JsonOf<R[200]>
    : 201 extends keyof R
      ? JsonOf<R[201]>
      : unknown
  : unknown;

/** The JSON answer of a route: `ApiAnswer<'/api/wallet'>`, `ApiAnswer<'/api/copies', 'post'>`. */
export type ApiAnswer<P extends Path, M extends Method = 'get'> = SuccessOf<Op<P, M>>;
/** The body of a route: its JSON schema, or FormData for a multipart route. */
export type ApiBody<P extends Path, M extends Method> =
  Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : Op<P, M> extends { requestBody?: { content: { 'multipart/form-data': unknown } } }
      ? FormData
      : never;
/** The query parameters of a route. */
export type ApiQuery<P extends Path, M extends Method = 'get'> = Op<P, M> extends { parameters: { query?: infer Q } } ? (Q extends undefined ? never : Q) : never;
type PathParamsOf<P extends Path, M extends Method> = Op<P, M> extends { parameters: { path?: infer Q } } ? (Q extends Record<string, unknown> ? Q : never) : never;
/** A schema of `components.schemas`. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

export interface CallOptions<P extends Path, M extends Method> {
  path?: PathParamsOf<P, M>;
  query?: ApiQuery<P, M>;
  body?: ApiBody<P, M>;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Send this token (null: none) instead of the session's, and never refresh (the session's own flows). */
  token?: string | null;
}

/** An id as the URL has it: the document types ids as numbers, a route parameter is text (sent as is, encoded). */
export const idParam = (value: string | number) => value as number;

/** "/api/copies/{id}/funds" + {id: "c1"} → "/api/copies/c1/funds" (each value URI-encoded). */
export function fillPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === null || v === '') throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(v));
  });
}

/** Where an Admin without 2FA is sent (product.md §10). */
export const MFA_ENROLMENT_PATH = '/settings/security';

/**
 * One request with the session's token: on 403 TOKEN_EXPIRED (or TOKEN_REVOKED) refresh once (shared by concurrent
 * callers) and retry once. A 403 FORBIDDEN (role not allowed) is final and never retried.
 */
async function send<T>(url: string, options: Omit<RequestOptions, 'token'>): Promise<T> {
  const sentWith = getToken();
  try {
    return await apiRequest<T>(url, { ...options, token: sentWith });
  } catch (error) {
    // An Admin without 2FA (e.g. a restored session that never enrolled): the API opens only enrolment.
    if (error instanceof ApiError && error.code === 'MFA_ENROLMENT_REQUIRED' && window.location.pathname !== MFA_ENROLMENT_PATH) {
      window.location.assign(MFA_ENROLMENT_PATH);
    }
    // TOKEN_REVOKED: this token's session was signed out (elsewhere, or by reuse detection). The refresh
    // then fails too ("Your login has expired."), unless the browser holds a newer session's cookie.
    if (!(error instanceof ApiError) || error.status !== 403 || (error.code !== 'TOKEN_EXPIRED' && error.code !== 'TOKEN_REVOKED')) throw error;
    // another caller may have refreshed while this request was in flight: use its token
    const current = getToken();
    const token = current && current !== sentWith ? current : await refreshAccessToken();
    return apiRequest<T>(url, { ...options, token });
  }
}

function request<T, M extends Method, P extends PathsWith<M>>(method: M, path: P, options: CallOptions<P, M>, responseType?: 'blob'): Promise<T> {
  const url = fillPath(path, options.path as Record<string, unknown> | undefined);
  const init: Omit<RequestOptions, 'token'> = {
    method: method.toUpperCase() as RequestOptions['method'],
    body: options.body,
    params: options.query as QueryParams | undefined,
    headers: options.headers,
    timeoutMs: options.timeoutMs,
    responseType,
  };
  return 'token' in options ? apiRequest<T>(url, { ...init, token: options.token }) : send<T>(url, init);
}

/** Calls one route, typed by the document: `api('post', '/api/copies/{id}/stop', { path: { id } })`. */
export function api<M extends Method, P extends PathsWith<M>>(method: M, path: P, options: CallOptions<P, M> = {}): Promise<ApiAnswer<P, M>> {
  return request<ApiAnswer<P, M>, M, P>(method, path, options);
}

/** A GET whose answer is a file (a KYC document): the body as a Blob. */
export function apiBlob<P extends PathsWith<'get'>>(path: P, options: CallOptions<P, 'get'> = {}): Promise<Blob> {
  return request<Blob, 'get', P>('get', path, options, 'blob');
}

declare const answerOf: unique symbol;
/**
 * The SWR key of a GET: the filled path (`'/api/traders/7'`), or `[path, query]` with a query. It carries the
 * route's type, so `useApi(key)` knows the answer. Build it with `apiKey` in a key factory, never by hand.
 */
export type ApiKey<P extends PathsWith<'get'>> = (string | readonly [string, QueryParams]) & { readonly [answerOf]?: P };

/** The one spelling of a read's key: `apiKey('/api/traders/{id}', { path: { id }, query: { period } })`. */
export function apiKey<P extends PathsWith<'get'>>(path: P, options: Pick<CallOptions<P, 'get'>, 'path' | 'query'> = {}): ApiKey<P> {
  const url = fillPath(path, options.path as Record<string, unknown> | undefined);
  return (options.query === undefined ? url : ([url, options.query as QueryParams] as const)) as ApiKey<P>;
}

/** The SWR fetcher of an `ApiKey` (also the app's default fetcher). */
export function fetchKey<T = unknown>(key: string | readonly [string, QueryParams]): Promise<T> {
  return typeof key === 'string' ? send<T>(key, {}) : send<T>(key[0], { params: key[1] });
}

/** A typed SWR read of one key from a key factory; `null` skips the request. */
export function useApi<P extends PathsWith<'get'>>(key: ApiKey<P> | null, config?: SWRConfiguration<ApiAnswer<P, 'get'>>) {
  return useSWR<ApiAnswer<P, 'get'>>(key, fetchKey, config ?? {});
}
