/** Test support: a fetch stand-in that records every request and answers from a handler. Used by the adapters' tests. */

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: string;
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function stubFetch(handler: FetchHandler): { fetch: typeof fetch; calls: RecordedRequest[] } {
  const calls: RecordedRequest[] = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request: RecordedRequest = {
      url: new URL(input instanceof Request ? input.url : input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : '',
    };
    calls.push(request);
    return handler(request);
  };
  return { fetch: fetchImpl, calls };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A fetch that never answers until its signal aborts, as a provider that hangs would. */
export const hangingFetch = (_input: string | URL | Request, init?: RequestInit): Promise<Response> =>
  new Promise((_resolve, reject) => {
    const signal = init?.signal;
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
