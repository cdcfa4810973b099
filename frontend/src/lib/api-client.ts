/**
 * The one HTTP client of the SPA (seed §7/§8): base '/api', cookies included, JSON bodies, a timeout,
 * and errors that carry `status` (HTTP number or a transport code) and `info` (the parsed body).
 */
export type ApiErrorStatus = number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR';

export interface ApiErrorBody {
  statusCode?: number;
  message?: string | string[];
  code?: string;
  errors?: Record<string, string[] | string>;
  [key: string]: unknown;
}

export class ApiError extends Error {
  readonly status: ApiErrorStatus;
  readonly info: ApiErrorBody;

  constructor(status: ApiErrorStatus, info: ApiErrorBody, message?: string) {
    super(message ?? messageOf(status, info));
    this.name = 'ApiError';
    this.status = status;
    this.info = info;
  }

  get code(): string | undefined {
    return typeof this.info.code === 'string' ? this.info.code : undefined;
  }
}

export const API_BASE = '/api';
export const DEFAULT_TIMEOUT_MS = 15_000;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart as is. */
  body?: unknown;
  params?: QueryParams;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Bearer token; null or undefined sends no Authorization header. */
  token?: string | null;
  /** 'blob' returns the body as a Blob (documents); the default parses JSON. */
  responseType?: 'json' | 'blob';
}

export function buildUrl(path: string, params?: QueryParams): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const url = clean.startsWith(API_BASE + '/') ? clean : API_BASE + clean;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

function messageOf(status: ApiErrorStatus, info: ApiErrorBody): string {
  const m = info.message;
  if (Array.isArray(m) && m.length > 0) return m.join('. ');
  if (typeof m === 'string' && m) return m;
  if (status === 'FETCH_ERROR') return 'Cannot reach the server. Check your connection and try again.';
  if (status === 'TIMEOUT_ERROR') return 'The server took too long to answer. Please try again.';
  if (status === 'PARSING_ERROR') return 'The server sent an answer that could not be read.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (typeof status === 'number' && status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'Something went wrong';
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, params, timeoutMs = DEFAULT_TIMEOUT_MS, token } = options;
  const headers: Record<string, string> = { Accept: options.responseType === 'blob' ? '*/*' : 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, params), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (error) {
    clearTimeout(timer);
    if (timedOut) throw new ApiError('TIMEOUT_ERROR', { error: String(error) });
    throw new ApiError('FETCH_ERROR', { error: String(error) });
  }

  if (options.responseType === 'blob' && response.ok) {
    try {
      const blob = await response.blob();
      clearTimeout(timer);
      return blob as T;
    } catch (error) {
      clearTimeout(timer);
      throw new ApiError(timedOut ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', { error: String(error) });
    }
  }

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    clearTimeout(timer);
    if (timedOut) throw new ApiError('TIMEOUT_ERROR', { error: String(error) });
    throw new ApiError('FETCH_ERROR', { error: String(error) });
  }
  clearTimeout(timer);

  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (response.ok) throw new ApiError('PARSING_ERROR', { data: text, originalStatus: response.status });
      data = { message: text.slice(0, 200) };
    }
  }
  if (!response.ok) {
    const info: ApiErrorBody = data && typeof data === 'object' ? (data as ApiErrorBody) : {};
    throw new ApiError(response.status, info);
  }
  return data as T;
}

/** The user-facing message of any thrown value. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * Per-field messages of a 400 body: `errors: {field: [messages]}` (the contract), or Nest's default
 * `message: ["email must be an email", …]`, attributed to the field named by the first word.
 */
export function fieldErrors(error: unknown, fields: readonly string[] = []): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  const errors = error.info.errors;
  if (errors && typeof errors === 'object') {
    for (const [field, messages] of Object.entries(errors)) {
      const list = Array.isArray(messages) ? messages : [messages];
      if (list.length) out[field] = list.join('. ');
    }
  }
  const m = error.info.message;
  if (Array.isArray(m)) {
    for (const line of m) {
      const field = fields.find((f) => line.toLowerCase().startsWith(f.toLowerCase() + ' ') || line.toLowerCase().startsWith(f.toLowerCase() + ':'));
      if (field && !out[field]) out[field] = line;
    }
  }
  return out;
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}
