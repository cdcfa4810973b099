/**
 * The typed API client: paths, bodies, query parameters and answers come from the generated
 * `api-schema.d.ts` (openapi-typescript over the API's /api/docs-json; `npm run api:types`). Calls go
 * through `authRequest`, so the one shared refresh on 403 TOKEN_EXPIRED applies to every call.
 */
import useSWR, { type SWRConfiguration } from 'swr';
import type { paths } from './api-schema';
import { authRequest } from './fetcher';
import type { QueryParams } from './api-client';

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
/** The JSON body of a route. */
export type ApiBody<P extends Path, M extends Method> = Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** The query parameters of a route. */
export type ApiQuery<P extends Path, M extends Method = 'get'> = Op<P, M> extends { parameters: { query?: infer Q } } ? (Q extends undefined ? never : Q) : never;
type PathParamsOf<P extends Path, M extends Method> = Op<P, M> extends { parameters: { path?: infer Q } } ? (Q extends Record<string, unknown> ? Q : never) : never;
/** A schema of `components.schemas`. */
export type Schema<N extends keyof import('./api-schema').components['schemas']> = import('./api-schema').components['schemas'][N];

export interface CallOptions<P extends Path, M extends Method> {
  path?: PathParamsOf<P, M>;
  query?: ApiQuery<P, M>;
  body?: ApiBody<P, M>;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** "/api/copies/{id}/funds" + {id: "c1"} → "/api/copies/c1/funds" (each value URI-encoded). */
export function fillPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === null || v === '') throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(v));
  });
}

/** Calls one route, typed by the document: `api('post', '/api/copies/{id}/stop', { path: { id } })`. */
export function api<M extends Method, P extends PathsWith<M>>(method: M, path: P, options: CallOptions<P, M> = {}): Promise<ApiAnswer<P, M>> {
  const url = fillPath(path, options.path as Record<string, unknown> | undefined);
  return authRequest<ApiAnswer<P, M>>(url, {
    method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    body: options.body,
    params: options.query as QueryParams | undefined,
    headers: options.headers,
    timeoutMs: options.timeoutMs,
  });
}

/**
 * A typed SWR read. The key is `[path, query]` (or the path alone), so cache invalidation by path
 * prefix (`keyMatches('/api/wallet')`) keeps working. `null` as path skips the request.
 */
export function useApi<P extends PathsWith<'get'>>(path: P | null, query?: ApiQuery<P, 'get'>, config?: SWRConfiguration<ApiAnswer<P, 'get'>>) {
  const key = path === null ? null : query === undefined ? path : ([path, query as QueryParams] as const);
  return useSWR<ApiAnswer<P, 'get'>>(key, config ?? {});
}
