import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderError } from './provider-error.ts';
import { errorKindForStatus, joinUrl, PROVIDER_TIMEOUT_MS, sendRequest } from './provider-http.ts';
import { hangingFetch } from './test-fetch.ts';

/** Makes the 15 s provider timeout fire after a few milliseconds, and lets the test check what was asked for. */
function shortenTimeout() {
  const realTimeout = AbortSignal.timeout.bind(AbortSignal);
  return vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => realTimeout(20));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sendRequest', () => {
  it('returns status, headers and the body text as received', async () => {
    const fetchImpl = async () => new Response('{"a":1}', { status: 201, headers: { sign: 'abc' } });
    const response = await sendRequest('paypal', fetchImpl, 'https://x.test/', { method: 'POST' });
    expect(response.status).toBe(201);
    expect(response.text).toBe('{"a":1}');
    expect(response.headers.get('sign')).toBe('abc');
  });

  it('maps a timeout to kind timeout, with the 15 s limit', async () => {
    const spy = shortenTimeout();
    const error = await sendRequest('xsolla', hangingFetch, 'https://x.test/', {}).catch((e: unknown) => e);
    expect(spy).toHaveBeenCalledWith(PROVIDER_TIMEOUT_MS);
    expect(PROVIDER_TIMEOUT_MS).toBe(15_000);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ provider: 'xsolla', kind: 'timeout', outcomeUnknown: true });
  });

  it('maps a refused connection to kind network', async () => {
    const fetchImpl = async () => {
      throw new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') });
    };
    const error = await sendRequest('payermax', fetchImpl, 'https://x.test/', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ provider: 'payermax', kind: 'network' });
  });

  describe('with the real fetch', () => {
    let server: Server | undefined;
    afterEach(async () => {
      const open = server;
      server = undefined;
      if (!open) return;
      open.closeAllConnections();
      await new Promise((resolve) => open.close(resolve));
    });

    async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
      server = createServer(handler);
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    }

    it('times out a server that never answers', async () => {
      const url = await listen(() => {});
      shortenTimeout();
      await expect(sendRequest('paypal', fetch, url, {})).rejects.toMatchObject({ kind: 'timeout' });
    });

    it('times out a server that stalls in the middle of the body', async () => {
      const url = await listen((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"partial":');
      });
      shortenTimeout();
      await expect(sendRequest('paypal', fetch, url, {})).rejects.toMatchObject({ kind: 'timeout' });
    });

    it('reports a closed port as network', async () => {
      const url = await listen(() => {});
      await new Promise((resolve) => server!.close(resolve));
      server = undefined;
      await expect(sendRequest('paypal', fetch, url, {})).rejects.toMatchObject({ kind: 'network' });
    });
  });
});

describe('errorKindForStatus', () => {
  it.each([
    [500, 'http'],
    [503, 'http'],
    [408, 'http'],
    [429, 'http'],
    [400, 'rejected'],
    [401, 'rejected'],
    [404, 'rejected'],
    [422, 'rejected'],
    [302, 'http'],
  ])('%i -> %s', (status, kind) => {
    expect(errorKindForStatus(status)).toBe(kind);
  });
});

describe('joinUrl', () => {
  it('joins with or without a trailing slash', () => {
    expect(joinUrl('https://api.test', '/v1/x')).toBe('https://api.test/v1/x');
    expect(joinUrl('https://api.test/sandbox/paypal/', '/v1/x')).toBe('https://api.test/sandbox/paypal/v1/x');
  });
});
