import ky, { HTTPError, type KyInstance } from 'ky';
import {
  type AuthKind,
  type CallDef,
  type RequestOf,
  type ResponseOf,
  TOKEN_HEADER,
} from './contract/define-call.ts';
import type { Envelope } from './contract/envelope.ts';

/** A failed call: the HTTP status, the server's message, and its stable code and field when given. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  /** Seconds to wait, from Retry-After on a 429. */
  readonly retryAfter: number | undefined;

  constructor({
    status,
    message,
    code,
    field,
    retryAfter,
  }: { status: number; message: string; code?: string; field?: string; retryAfter?: number }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfter = retryAfter;
  }
}

/** Text shown when a call fails without a usable server message (spec §8). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export type ApiClientOptions = {
  /** Origin of the API server; '' means the page's own origin. */
  baseUrl?: string;
  /** Reads the current token of each session (enterprise and admin are independent). */
  getToken?: (audience: Exclude<AuthKind, 'none'>) => string | null | undefined;
  /** Told about every 401 on an authenticated call, so the app can log that session out. */
  onUnauthorized?: (audience: Exclude<AuthKind, 'none'>, error: ApiError) => void;
  /** Replaces the global fetch (tests, Astro build). */
  fetch?: typeof fetch;
  timeoutMs?: number;
};

export type CallOptions = {
  /** Send this token instead of the stored one (e2e tests, the refresh step). */
  token?: string;
  signal?: AbortSignal;
};

/** GET input travels as a query string: arrays repeat the key; undefined, null and '' are left out. */
export const toSearchParams = (input: Record<string, unknown>): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  return params;
};

const parseEnvelope = (text: string): Envelope<unknown> | null => {
  try {
    return JSON.parse(text) as Envelope<unknown>;
  } catch {
    return null;
  }
};

const readEnvelope = async (response: Response): Promise<Envelope<unknown> | null> => {
  try {
    return (await response.clone().json()) as Envelope<unknown>;
  } catch {
    return null;
  }
};

/**
 * The typed client: `api.call(enterpriseAuth.me, {})` returns the `response` field of the envelope,
 * typed by the contract entry, and throws ApiError for every failure (HTTP or `success: 0`).
 */
export const createApiClient = (options: ApiClientOptions = {}) => {
  const http: KyInstance = ky.create({
    baseUrl: options.baseUrl || undefined,
    timeout: options.timeoutMs ?? 30_000,
    retry: 0,
    fetch: options.fetch,
    throwHttpErrors: true,
  });

  const send = async <C extends CallDef>(
    def: C,
    input: RequestOf<C>,
    callOptions: CallOptions = {},
  ): Promise<{ message: string; response: ResponseOf<C> }> => {
    const headers: Record<string, string> = {};
    if (def.auth !== 'none') {
      const token = callOptions.token ?? options.getToken?.(def.auth);
      if (token) headers[TOKEN_HEADER[def.auth]] = token;
    }
    const path = def.path;
    const body = (input ?? {}) as Record<string, unknown>;
    try {
      const response =
        def.method === 'GET'
          ? await http.get(path, { headers, searchParams: toSearchParams(body), signal: callOptions.signal })
          : def.multipart
            ? await http(path, {
                method: def.method,
                headers,
                body: toFormData(body),
                signal: callOptions.signal,
              })
            : await http(path, { method: def.method, headers, json: body, signal: callOptions.signal });
      const envelope = await readEnvelope(response);
      if (envelope?.success !== 1) {
        throw new ApiError({
          status: response.status,
          message: envelope?.message || GENERIC_ERROR_MESSAGE,
          code: envelope?.code,
          field: envelope?.field,
        });
      }
      return { message: envelope.message, response: envelope.response as ResponseOf<C> };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof HTTPError) {
        // ky 2 has already read the body into `error.data` (the response body is consumed).
        const data: unknown = error.data;
        const envelope =
          data && typeof data === 'object'
            ? (data as Envelope<unknown>)
            : typeof data === 'string'
              ? parseEnvelope(data)
              : await readEnvelope(error.response);
        const retryAfter = Number(error.response.headers.get('retry-after'));
        const apiError = new ApiError({
          status: error.response.status,
          message: envelope?.message || GENERIC_ERROR_MESSAGE,
          code: envelope?.code,
          field: envelope?.field,
          retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
        });
        if (apiError.status === 401 && def.auth !== 'none') options.onUnauthorized?.(def.auth, apiError);
        throw apiError;
      }
      throw new ApiError({ status: 0, message: GENERIC_ERROR_MESSAGE, code: 'NETWORK_ERROR' });
    }
  };

  /** The answer's `response`, typed by the contract entry. */
  const call = async <C extends CallDef>(def: C, input: RequestOf<C>, callOptions: CallOptions = {}) =>
    (await send(def, input, callOptions)).response;

  /** The answer's `response` and the server's `message` (for success toasts that show the server's words). */
  const callWithMessage = send;

  return { call, callWithMessage };
};

export type ApiClient = ReturnType<typeof createApiClient>;

const toFormData = (input: Record<string, unknown>): FormData => {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    form.append(key, value instanceof Blob ? value : String(value));
  }
  return form;
};
