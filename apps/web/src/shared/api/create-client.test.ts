import { describe, expect, it, vi } from 'vitest';
import { userInfo } from '@shop/contract/auth';
import { voucherList } from '@shop/contract/catalog';
import { xsollaToken } from '@shop/contract/checkout';
import { listOrders } from '@shop/contract/orders';
import { memoryStorage } from '../storage/storage';
import { readToken, saveToken } from '../storage/token';
import { ApiError } from './api-error';
import { apiUrl, createApiClient, toEnvelope, type ApiClientDeps } from './create-client';

const tokens = { token: 'access-1', refreshToken: 'refresh-token-0001', expiresIn: 60, tokenHead: 'Bearer ' };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(overrides: Partial<ApiClientDeps> = {}, responses: (() => Response | Promise<Response>)[] = []) {
  const storage = memoryStorage();
  const requests: { url: string; init: RequestInit }[] = [];
  const queue = [...responses];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init: init ?? {} });
    const next = queue.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next();
  });
  const toasts: string[] = [];
  let loading = 0;
  const deps: ApiClientDeps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    apiBase: () => '/api',
    acceptLanguage: () => 'zh-TW',
    storage,
    now: () => 1_000_000,
    t: (key, options) => (options ? `${key} ${JSON.stringify(options)}` : key),
    toast: (message) => toasts.push(message),
    beginLoading: () => {
      loading += 1;
      return () => {
        loading -= 1;
      };
    },
    askToRefresh: vi.fn(async () => undefined),
    recoverUnauthorized: vi.fn(async () => false),
    toLogin: vi.fn(),
    reload: vi.fn(),
    ...overrides,
  };
  const client = createApiClient(deps);
  return { client, deps, storage, requests, toasts, fetch, loadingCount: () => loading, queue };
}

describe('apiUrl', () => {
  it('prefixes the base, keeps /api/ paths absolute and adds GET query parameters', () => {
    expect(apiUrl('/api', '/v1/voucher/list/10030')).toBe('/api/v1/voucher/list/10030');
    expect(apiUrl('/api/', '/v1/order/list/all', { type: 2, pageNum: 1, pageSize: 50, skip: undefined })).toBe(
      '/api/v1/order/list/all?type=2&pageNum=1&pageSize=50',
    );
    expect(apiUrl('/api', '/api/v1/xsolla/token')).toBe('/api/v1/xsolla/token');
  });
});

describe('toEnvelope', () => {
  it('reads the envelope, or turns anything else into the HTTP status', () => {
    expect(toEnvelope(200, '{"code":200,"message":"ok","data":[1]}')).toEqual({ code: 200, message: 'ok', data: [1] });
    expect(toEnvelope(502, '<html>Bad gateway</html>')).toEqual({ code: 502, message: '', data: null });
    expect(toEnvelope(200, '')).toEqual({ code: 500, message: '', data: null });
  });
});

describe('createApiClient', () => {
  it('returns data for code 200 and sends the headers, the path and a JSON body', async () => {
    const { client, requests, storage, loadingCount } = setup({}, [() => json({ code: 200, message: '', data: [] })]);
    saveToken(tokens, 1_000_000, storage);
    await expect(client.call(voucherList, { params: { appId: 10030 } })).resolves.toEqual([]);
    const [request] = requests;
    expect(request!.url).toBe('/api/v1/voucher/list/10030');
    expect(request!.init.method).toBe('POST');
    expect(request!.init.body).toBe('{}');
    expect(request!.init.headers).toMatchObject({
      'Accept-Language': 'zh-TW',
      Authorization: 'Bearer access-1',
      'Content-Type': 'application/json',
    });
    expect(loadingCount()).toBe(0);
  });

  it('sends GET parameters in the URL, without a body, and no Authorization when no token is saved', async () => {
    const { client, requests } = setup({}, [() => json({ code: 200, message: '', data: { list: [] } })]);
    await client.call(listOrders, { query: { type: 3, pageNum: 1, pageSize: 50 } });
    expect(requests[0]!.url).toBe('/api/v1/order/list/all?type=3&pageNum=1&pageSize=50');
    expect(requests[0]!.init.body).toBeUndefined();
    expect((requests[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('does not prefix contract paths that already start with /api/', async () => {
    const { client, requests, storage } = setup({}, [() => json({ code: 200, message: '', data: { token: 't' } })]);
    saveToken(tokens, 1_000_000, storage);
    await client.call(xsollaToken, { body: { orderId: 5 } });
    expect(requests[0]!.url).toBe('/api/v1/xsolla/token');
    expect(requests[0]!.init.body).toBe('{"orderId":5}');
  });

  it('toasts the server message for other codes, or Error: {code} when it is empty, and rejects with an ApiError', async () => {
    const { client, toasts } = setup({}, [
      () => json({ code: 409, message: 'Channel not offered', data: null }, 409),
      () => json({ code: 422, message: '', data: null }, 422),
    ]);
    const first = await client.call(voucherList, { params: { appId: 1 } }).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ code: 409, kind: 'business', message: 'Channel not offered' });
    await expect(client.call(voucherList, { params: { appId: 1 } })).rejects.toMatchObject({ code: 422 });
    expect(toasts).toEqual(['Channel not offered', 'error.code {"code":422}']);
  });

  it('stays quiet when asked to', async () => {
    const { client, toasts } = setup({}, [() => json({ code: 400, message: 'bad', data: null }, 400)]);
    await expect(client.call(voucherList, { params: { appId: 1 }, quiet: true })).rejects.toMatchObject({ code: 400 });
    expect(toasts).toEqual([]);
  });

  it('on a network failure toasts "Request error" with the message', async () => {
    const { client, toasts } = setup({}, []);
    await expect(client.call(voucherList, { params: { appId: 1 } })).rejects.toMatchObject({ kind: 'network', code: -1 });
    expect(toasts).toEqual(['error.request {"message":"Failed to fetch"}']);
  });

  it('gives up after the timeout', async () => {
    const { deps, toasts } = setup({ timeoutMs: 20 });
    const fetch = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const client = createApiClient({ ...deps, fetch: fetch as unknown as typeof globalThis.fetch });
    await expect(client.call(voucherList, { params: { appId: 1 } })).rejects.toMatchObject({ kind: 'timeout' });
    expect(toasts).toEqual(['error.request {"message":"timeout of 20ms exceeded"}']);
  });

  it('body code 401 clears the tokens and goes to /login', async () => {
    const { client, storage, deps } = setup({}, [() => json({ code: 401, message: 'Unauthorized', data: null }, 401)]);
    saveToken(tokens, 1_000_000, storage);
    await expect(client.call(userInfo)).rejects.toMatchObject({ code: 401 });
    expect(readToken(1_000_000, storage)).toBeNull();
    expect(deps.recoverUnauthorized).toHaveBeenCalledOnce();
    // the recovery is told which session was lost (a shop session is not opened again from the game's saved player)
    expect(deps.recoverUnauthorized).toHaveBeenCalledWith(expect.objectContaining({ data: tokens }));
    expect(deps.toLogin).toHaveBeenCalledOnce();
  });

  it('body code 401 retries once when the voucher flow could log in again', async () => {
    const recoverUnauthorized = vi.fn(async () => true);
    const { client, deps, requests } = setup({ recoverUnauthorized }, [
      () => json({ code: 401, message: '', data: null }, 401),
      () => json({ code: 200, message: '', data: { id: 1 } }),
    ]);
    await expect(client.call(userInfo)).resolves.toEqual({ id: 1 });
    expect(requests).toHaveLength(2);
    expect(deps.toLogin).not.toHaveBeenCalled();
  });

  it('an expired token shows one dialog for all waiting calls, refreshes and continues', async () => {
    let release!: () => void;
    const askToRefresh = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const { client, storage, requests } = setup({ askToRefresh }, [
      () => json({ code: 200, message: '', data: { ...tokens, token: 'access-2', refreshToken: 'refresh-token-0002' } }),
      () => json({ code: 200, message: '', data: 'a' }),
      () => json({ code: 200, message: '', data: 'b' }),
    ]);
    saveToken(tokens, 0, storage, 'game'); // saved long ago: expired at now = 1 000 000
    const first = client.call(userInfo);
    const second = client.call(userInfo);
    await Promise.resolve();
    expect(askToRefresh).toHaveBeenCalledOnce();
    release();
    await expect(Promise.all([first, second])).resolves.toEqual(['a', 'b']);
    expect(requests[0]!.url).toBe('/api/user/refresh/token');
    expect(requests[0]!.init.body).toBe(JSON.stringify({ refreshToken: tokens.refreshToken }));
    expect((requests[1]!.init.headers as Record<string, string>).Authorization).toBe('Bearer access-2');
    expect(readToken(1_000_000, storage)?.data.token).toBe('access-2');
    // still the session the game opened
    expect(readToken(1_000_000, storage)?.origin).toBe('game');
  });

  it('a failed refresh clears the tokens and reloads the page', async () => {
    const { client, storage, deps } = setup({}, [() => json({ code: 401, message: 'revoked', data: null }, 401)]);
    saveToken(tokens, 0, storage);
    void client.call(userInfo);
    await vi.waitFor(() => expect(deps.reload).toHaveBeenCalledOnce());
    expect(readToken(1_000_000, storage)).toBeNull();
  });

  it('code 1007 shows the session dialog (no toast) and retries after a refresh', async () => {
    const { client, storage, deps, toasts } = setup({}, [
      () => json({ code: 1007, message: 'Session expired', data: null }, 401),
      () => json({ code: 200, message: '', data: tokens }),
      () => json({ code: 200, message: '', data: 'ok' }),
    ]);
    saveToken(tokens, 1_000_000, storage);
    await expect(client.call(userInfo)).resolves.toBe('ok');
    expect(deps.askToRefresh).toHaveBeenCalledOnce();
    expect(toasts).toEqual([]);
  });

  it('shows the spinner except for silent calls', async () => {
    const begin = vi.fn(() => () => undefined);
    const { client } = setup({ beginLoading: begin }, [
      () => json({ code: 200, message: '', data: [] }),
      () => json({ code: 200, message: '', data: [] }),
    ]);
    await client.call(voucherList, { params: { appId: 1 } });
    await client.call(voucherList, { params: { appId: 1 }, silent: true });
    expect(begin).toHaveBeenCalledOnce();
  });

  it('never shows the spinner for common/info/game and v1/order/item/detail', async () => {
    const begin = vi.fn(() => () => undefined);
    const { client } = setup({ beginLoading: begin }, [
      () => json({ code: 200, message: '', data: {} }),
      () => json({ code: 200, message: '', data: {} }),
    ]);
    const game = { method: 'GET', path: '/common/info/game', auth: 'none', summary: '', data: {} } as const;
    const item = { method: 'POST', path: '/v1/order/item/detail', auth: 'none', summary: '', data: {} } as const;
    await client.call(game as never);
    await client.call(item as never);
    expect(begin).not.toHaveBeenCalled();
  });
});
