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

/** The key part of an answer any caller may take (EarlyOptions.anyCaller): no header is ever this. */
const ANY_CALLER = '\u0000any';

const keyOf = (method: string, url: string, body: string | undefined, acceptLanguage: string, authorization: string | undefined) =>
  JSON.stringify([method, url, body ?? null, acceptLanguage, authorization ?? null]);

export interface EarlyOptions {
  /** The saved token's header, as the client would send it. */
  authorization?: string;
  /**
   * The answer does not depend on who asks (a public route: `auth: 'none'`): the client takes it with or without a
   * token, which a launch's quick login may have saved meanwhile.
   */
  anyCaller?: boolean;
  /**
   * Makes the next early request, which needs this answer, before the client gets it: the client, which asks for that
   * request once it has read this answer, then always finds it (else, when its read wins, it would ask a second time).
   * It must read a clone (`response.clone()`).
   */
  beforeTaken?: (response: Response) => Promise<unknown>;
}

/**
 * Headers as the API client sends them (create-client.ts). Returns the answer for a caller that needs its data to make
 * the next early request: it must read a clone (`response.clone()`), the client takes the original.
 */
export function fetchEarly(
  method: 'GET' | 'POST',
  url: string,
  body: string | undefined,
  acceptLanguage: string,
  { authorization, anyCaller = false, beforeTaken }: EarlyOptions = {},
): Promise<Response> {
  const fetched = fetch(url, {
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
  const response = beforeTaken
    ? fetched.then(async (answer) => {
        await beforeTaken(answer).catch(() => undefined); // the next request is only an early start: the page asks itself
        return answer;
      })
    : fetched;
  response.catch(() => undefined); // a failure is reported when the client takes it (or never matters)
  early.set(keyOf(method, url, body, acceptLanguage, anyCaller ? ANY_CALLER : authorization), response);
  return response;
}

/** The early answer for this request, once; undefined when there is none (the caller fetches). */
export function takeEarlyResponse(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> | undefined {
  if (early.size === 0 || typeof input !== 'string' || !init) return undefined;
  const headers = (init.headers ?? {}) as Record<string, string>;
  if (init.body !== undefined && typeof init.body !== 'string') return undefined;
  const keys = [headers.Authorization, ANY_CALLER].map((authorization) =>
    keyOf(init.method ?? 'GET', input, init.body as string | undefined, headers['Accept-Language'] ?? '', authorization),
  );
  const key = keys.find((candidate) => early.has(candidate));
  const response = key === undefined ? undefined : early.get(key);
  if (key === undefined || !response) return undefined;
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
