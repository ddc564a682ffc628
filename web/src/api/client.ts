import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';
import { toApiError } from './errors';
import { currentLanguage } from '../i18n';

export type ApiClient = Client<paths>;

/** Calls whose 401 means "wrong credentials" rather than "the session has ended". */
const CREDENTIAL_PATHS = new Set<string>(['/api/auth/login']);

export interface ApiClientOptions {
  /** Origin of the API; defaults to the page's own origin. */
  baseUrl?: string;
  /** fetch implementation; defaults to the global fetch, looked up at call time. */
  fetch?: (request: Request) => Promise<Response>;
  /** Language sent as Accept-Language (the server answers messages in it). */
  language?: () => string;
  /** Called on any 401 except the sign-in call itself (AUTH-003). */
  onUnauthorized?: () => void;
}

/** Creates a typed client for the Vigía API. The app uses the `api` singleton below. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? (typeof window === 'undefined' ? '' : window.location.origin),
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    credentials: 'same-origin',
  });
  client.use({
    onRequest({ request }) {
      // The server refuses mutating calls without this header (CSRF defence); sending it on
      // every call keeps the rule simple.
      request.headers.set('X-Requested-With', 'vigia');
      request.headers.set('Accept-Language', options.language?.() ?? 'es');
      return request;
    },
    onResponse({ response, schemaPath }) {
      if (response.status === 401 && !CREDENTIAL_PATHS.has(schemaPath)) options.onUnauthorized?.();
      return undefined;
    },
  });
  return client;
}

let unauthorizedHandler: () => void = () => {};

/** Sets what happens when the session ends (wired by the app to clear the cache and go to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

let failedListHandler: () => void = () => {};

/**
 * Sets what the user is told when a list comes empty because its call failed (API-002 wants
 * the empty list; a plant engineer must still know that it is not the real one).
 */
export function setFailedListHandler(handler: () => void): void {
  failedListHandler = handler;
}

/** Ends the session on the client, as any 401 does (AUTH-003): for calls made outside `api`. */
export function sessionEnded(): void {
  unauthorizedHandler();
}

/** The application's API client. */
export const api: ApiClient = createApiClient({
  language: currentLanguage,
  onUnauthorized: () => unauthorizedHandler(),
});

/** The version (ETag) each item was answered with, by the object its answer became. */
const versions = new WeakMap<object, string>();

/**
 * The header that makes an edit on `item` as it was read: the server refuses it (412) when
 * another user has changed the item since, where it would silently undo their change. The
 * item must be the object its GET answered (a query without structural sharing), or the
 * answer of the last save.
 */
export function basedOn(item: object | undefined): { 'If-Match'?: string } {
  const tag = item && versions.get(item);
  return tag ? { 'If-Match': tag } : {};
}

/**
 * Awaits an openapi-fetch call and returns its data, or throws an ApiError carrying the
 * server's error list. Network failures propagate as the fetch TypeError. An item answered
 * with its version keeps it, for an edit based on it (basedOn).
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toApiError(response.status, error);
  const tag = response.headers.get('ETag');
  if (tag && typeof data === 'object' && data !== null) versions.set(data, tag);
  return data as T;
}

/** An openapi-fetch call. */
type Call<T> = Promise<{ data?: T | null; error?: unknown; response: Response }>;

/**
 * Awaits a call whose failure, but for a 401, gives `failed` instead of an error: an error
 * answer or no answer at all. A 401 has signed the user out already (AUTH-003) and rejects,
 * so that nothing goes on as the session that ended.
 */
async function orOnFailure<T, F>(call: Call<T>, failed: F): Promise<T | null | undefined | F> {
  const result = await call.catch(() => undefined);
  if (result?.response.status === 401) throw toApiError(401, result.error);
  if (result?.response.ok) return result.data;
  failedListHandler();
  return failed;
}

/** Awaits a list call: a failed one gives an empty list (API-002). */
export const listOf = async <T,>(call: Call<T[]>): Promise<T[]> => (await orOnFailure(call, [])) ?? [];

/** Awaits a history query (values over time): a failed one gives false (INST-013). */
export const historyOf = async <T,>(call: Call<T[]>): Promise<T[] | false> => (await orOnFailure(call, false as const)) ?? [];
