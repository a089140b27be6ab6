import type { RouteBody, RouteData, RouteDef, RouteParams, RouteQuery } from '@shop/contract/route';
import { buildPath } from '@shop/contract/route';
import i18n from '../i18n/i18n';

/** An answer whose envelope code is not 200: `message` is the server's, already in the console's language. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface CallOptions<R extends RouteDef> {
  body?: RouteBody<R>;
  query?: RouteQuery<R>;
  params?: RouteParams<R>;
}

const apiUrl = (path: string) => (path.startsWith('/api/') ? path : `/api${path}`);

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Listeners told when the session is gone (401): the app goes back to the login page. */
const sessionEndedListeners = new Set<() => void>();
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

/**
 * Calls one contract route with the session cookie; answers the envelope's data or throws ApiError. The route's schemas
 * type the call: the same ones the server validates with.
 */
export async function callRoute<R extends RouteDef>(route: R, options: CallOptions<R> = {}): Promise<RouteData<R>> {
  const url = apiUrl(buildPath(route.path, options.params as Record<string, string | number> | undefined)) + queryString(options.query as Record<string, unknown> | undefined);
  const hasBody = options.body !== undefined;
  const response = await fetch(url, {
    method: route.method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'accept-language': i18n.language === 'zh' ? 'zh' : 'en', ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
  });
  let envelope: { code: number; message: string; data: unknown };
  try {
    envelope = await response.json();
  } catch {
    throw new ApiError(response.status, response.statusText || 'Network error', response.status);
  }
  if (envelope.code !== 200) {
    if (envelope.code === 401 && route.auth === 'operator') sessionEndedListeners.forEach((listener) => listener());
    throw new ApiError(envelope.code, envelope.message, response.status);
  }
  return envelope.data as RouteData<R>;
}

/** Downloads a file answer (CSV, JSON export) the browser saves. */
export async function download(path: string, query: Record<string, unknown>, fileName: string): Promise<void> {
  const response = await fetch(apiUrl(path) + queryString(query), { credentials: 'same-origin', headers: { 'accept-language': i18n.language } });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { code: number; message: string } | null;
    throw new ApiError(envelope?.code ?? response.status, envelope?.message ?? response.statusText, response.status);
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
