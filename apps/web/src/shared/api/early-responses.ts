/**
 * Answers asked for before the API client was loaded (the first calls of the voucher page and the shop's home, see
 * app/early.ts). The client takes one when it sends exactly the same request (method, URL, body, language and
 * Authorization: the same token, or none), so everything it does with an answer (envelope, token, toasts, 401 handling)
 * is unchanged; anything else is fetched as usual. Each answer is taken once.
 */
const early = new Map<string, Promise<Response>>();

/** The configured API base without validating the whole configuration (a wrong guess only means no early answers). */
export function earlyApiBase(): string {
  try {
    const config: unknown = JSON.parse(document.getElementById('shop-config')?.textContent ?? 'null');
    const base = (config as { apiBase?: unknown } | null)?.apiBase;
    if (typeof base === 'string' && base) return base.replace(/\/+$/, '');
  } catch {
    // no or invalid configuration: the development default
  }
  return '/api';
}

const keyOf = (method: string, url: string, body: string | undefined, acceptLanguage: string, authorization: string | undefined) =>
  JSON.stringify([method, url, body ?? null, acceptLanguage, authorization ?? null]);

/**
 * Headers as the API client sends them (create-client.ts). Returns the answer for a caller that needs its data to make
 * the next early request: it must read a clone (`response.clone()`), the client takes the original.
 */
export function fetchEarly(
  method: 'GET' | 'POST',
  url: string,
  body: string | undefined,
  acceptLanguage: string,
  authorization?: string,
): Promise<Response> {
  const response = fetch(url, {
    method,
    headers: {
      Accept: 'application/json',
      'Accept-Language': acceptLanguage,
      'Content-Type': 'application/json',
      ...(authorization ? { Authorization: authorization } : {}),
    },
    body,
    credentials: 'same-origin',
  });
  response.catch(() => undefined); // a failure is reported when the client takes it (or never matters)
  early.set(keyOf(method, url, body, acceptLanguage, authorization), response);
  return response;
}

/** The early answer for this request, once; undefined when there is none (the caller fetches). */
export function takeEarlyResponse(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> | undefined {
  if (early.size === 0 || typeof input !== 'string' || !init) return undefined;
  const headers = (init.headers ?? {}) as Record<string, string>;
  if (init.body !== undefined && typeof init.body !== 'string') return undefined;
  const key = keyOf(init.method ?? 'GET', input, init.body as string | undefined, headers['Accept-Language'] ?? '', headers.Authorization);
  const response = early.get(key);
  if (!response) return undefined;
  early.delete(key);
  const signal = init.signal;
  if (!signal) return response;
  // the client's timeout and abort still apply
  return new Promise<Response>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    response.then(resolve, reject);
  });
}
