import { ApiCode } from '@shop/contract/envelope';
import { buildPath, type RouteBody, type RouteData, type RouteParams, type RouteTable, type RouteQuery } from '@shop/contract/route';
import { refreshToken as refreshTokenRoute, type TokenData } from '@shop/contract/auth';
import { authorizationOf, clearToken, readToken, saveToken, type StoredToken } from '../storage/token';
import type { KeyValueStorage } from '../storage/storage';
import { ApiError } from './api-error';

export const REQUEST_TIMEOUT_MS = 30_000;

/** Calls that never show the loading spinner (spec section 7). */
export const NO_SPINNER_PATHS: readonly string[] = ['/common/info/game', '/v1/order/item/detail'];

export interface CallOptions<R extends RouteTable> {
  body?: RouteBody<R>;
  query?: RouteQuery<R>;
  params?: RouteParams<R>;
  /** No spinner (background polling). */
  silent?: boolean;
  /** No error toast: the caller shows its own message. The session dialog and the 401 handling still apply. */
  quiet?: boolean;
  /** false: a body code 401 only rejects (quick login shows its own error instead of leaving for /login). */
  authRedirect?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** "/api" from the runtime configuration. */
  apiBase: () => string;
  /** The Accept-Language value (zh-TW, not zh_TW). */
  acceptLanguage: () => string;
  storage: KeyValueStorage;
  now?: () => number;
  timeoutMs?: number;
  t: (key: string, options?: Record<string, unknown>) => string;
  toast: (message: string) => void;
  beginLoading: () => () => void;
  /** Shows the expired-session dialog; resolves when the player presses Refresh. */
  askToRefresh: () => Promise<void>;
  /**
   * After a body code 401: try to get a new session (the voucher flow logs in again when the game opened the lost
   * one); `lost` is the session the server refused (already cleared). true retries the call once.
   */
  recoverUnauthorized: (lost: StoredToken | null) => Promise<boolean>;
  /** Sends the player to /login. */
  toLogin: () => void;
  /** Reloads the page after a failed refresh. */
  reload: () => void;
}

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

/** Joins the configured base ("/api") and a contract path; contract paths that already start with /api/ are absolute. */
export function apiUrl(apiBase: string, path: string, query?: Record<string, unknown>): string {
  const base = apiBase.replace(/\/+$/, '');
  let url = path.startsWith('/api/') ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
    }
    const text = search.toString();
    if (text) url += `${url.includes('?') ? '&' : '?'}${text}`;
  }
  return url;
}

/** Reads the envelope from any answer; a body that is not an envelope becomes {code: HTTP status}. */
export function toEnvelope(status: number, text: string): Envelope {
  try {
    const json: unknown = text ? JSON.parse(text) : undefined;
    if (json && typeof json === 'object' && typeof (json as Envelope).code === 'number') {
      const { code, message, data } = json as Partial<Envelope> & { code: number };
      return { code, message: typeof message === 'string' ? message : '', data: data ?? null };
    }
  } catch {
    // not JSON (a proxy error page): fall through
  }
  return { code: status >= 200 && status < 300 ? ApiCode.INTERNAL : status, message: '', data: null };
}

const never = () => new Promise<never>(() => undefined);

export function createApiClient(deps: ApiClientDeps) {
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let refreshing: Promise<void> | null = null;

  async function send(
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<Envelope> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': deps.acceptLanguage(),
      'Content-Type': 'application/json',
    };
    const token = readToken(now(), deps.storage);
    if (token) headers.Authorization = authorizationOf(token);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await deps.fetch(url, {
        method,
        headers,
        // Fastify refuses an empty body with a JSON content type, so a POST always sends at least {}.
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      return toEnvelope(response.status, await response.text());
    } catch (error) {
      if (timedOut) throw new ApiError(-1, `timeout of ${timeoutMs}ms exceeded`, 'timeout');
      if (signal?.aborted) throw new ApiError(-1, 'aborted', 'aborted');
      throw new ApiError(-1, error instanceof Error ? error.message : String(error), 'network');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** POST /user/refresh/token with the stored refreshToken; saves the new tokens. */
  async function refreshSession(): Promise<boolean> {
    const stored = readToken(now(), deps.storage);
    if (!stored?.data.refreshToken) return false;
    const stop = deps.beginLoading();
    try {
      const answer = await send(
        refreshTokenRoute.method,
        apiUrl(deps.apiBase(), refreshTokenRoute.path),
        { refreshToken: stored.data.refreshToken },
        undefined,
      );
      if (answer.code !== ApiCode.OK || !answer.data) return false;
      saveToken(answer.data as TokenData, now(), deps.storage, stored.origin);
      return true;
    } catch {
      return false;
    } finally {
      stop();
    }
  }

  /** One expired-session dialog at a time; every caller waits for it. A failed refresh clears tokens and reloads. */
  function ensureFreshSession(): Promise<void> {
    refreshing ??= (async () => {
      try {
        await deps.askToRefresh();
        if (await refreshSession()) return;
        clearToken(deps.storage);
        deps.reload();
      } finally {
        refreshing = null;
      }
      return never();
    })();
    return refreshing;
  }

  async function call<R extends RouteTable>(route: R, options: CallOptions<R> = {}, retried = false): Promise<RouteData<R>> {
    if (route.auth === 'user' && readToken(now(), deps.storage)?.expired) await ensureFreshSession();

    const url = apiUrl(
      deps.apiBase(),
      buildPath(route.path, options.params as Record<string, string | number> | undefined),
      options.query as Record<string, unknown> | undefined,
    );
    const spinner = !options.silent && !NO_SPINNER_PATHS.includes(route.path);
    const stop = spinner ? deps.beginLoading() : () => undefined;
    let answer: Envelope;
    try {
      answer = await send(route.method, url, options.body, options.signal);
    } catch (error) {
      const apiError = error as ApiError;
      if (apiError.kind !== 'aborted' && !options.quiet) {
        deps.toast(deps.t('error.request', { message: apiError.message }));
      }
      throw apiError;
    } finally {
      stop();
    }

    if (answer.code === ApiCode.OK) return answer.data as RouteData<R>;

    if (answer.code === ApiCode.SESSION_EXPIRED) {
      if (!retried) {
        await ensureFreshSession();
        return call(route, options, true);
      }
      throw new ApiError(answer.code, answer.message, 'business', answer.data);
    }

    if (answer.code === ApiCode.UNAUTHORIZED) {
      const lost = readToken(now(), deps.storage);
      clearToken(deps.storage);
      if (!retried && route.auth === 'user' && (await deps.recoverUnauthorized(lost).catch(() => false))) {
        return call(route, options, true);
      }
      if (options.authRedirect !== false) deps.toLogin();
      else if (!options.quiet) deps.toast(answer.message || deps.t('error.code', { code: answer.code }));
      throw new ApiError(answer.code, answer.message, 'business', answer.data);
    }

    if (!options.quiet) deps.toast(answer.message || deps.t('error.code', { code: answer.code }));
    throw new ApiError(answer.code, answer.message, 'business', answer.data);
  }

  return { call, refreshSession, ensureFreshSession };
}

export type ApiClient = ReturnType<typeof createApiClient>;
