/**
 * Answers asked for before the API client was loaded (the voucher page's first calls, see features/voucher/early.ts).
 * The client takes one when it sends exactly the same request (method, URL, body, language, no Authorization), so
 * everything it does with an answer (envelope, token, toasts, 401 handling) is unchanged; anything else is fetched as
 * usual. Each answer is taken once.
 */
const early = new Map<string, Promise<Response>>();

const keyOf = (method: string, url: string, body: string | undefined, acceptLanguage: string) =>
  JSON.stringify([method, url, body ?? null, acceptLanguage]);

/** Headers as the API client sends them without a token (create-client.ts). */
export function fetchEarly(method: 'GET' | 'POST', url: string, body: string | undefined, acceptLanguage: string): void {
  const response = fetch(url, {
    method,
    headers: { Accept: 'application/json', 'Accept-Language': acceptLanguage, 'Content-Type': 'application/json' },
    body,
    credentials: 'same-origin',
  });
  response.catch(() => undefined); // a failure is reported when the client takes it (or never matters)
  early.set(keyOf(method, url, body, acceptLanguage), response);
}

/** The early answer for this request, once; undefined when there is none (the caller fetches). */
export function takeEarlyResponse(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> | undefined {
  if (early.size === 0 || typeof input !== 'string' || !init) return undefined;
  const headers = (init.headers ?? {}) as Record<string, string>;
  if (headers.Authorization || (init.body !== undefined && typeof init.body !== 'string')) return undefined;
  const key = keyOf(init.method ?? 'GET', input, init.body as string | undefined, headers['Accept-Language'] ?? '');
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
