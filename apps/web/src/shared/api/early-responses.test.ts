import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEarly, takeEarlyResponse } from './early-responses';

const headers = (extra: Record<string, string> = {}) => ({ Accept: 'application/json', 'Accept-Language': 'en', 'Content-Type': 'application/json', ...extra });

describe('early responses', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands an answer to the identical request once, the token included', async () => {
    const fetch = vi.fn(async () => new Response('{"code":200}'));
    vi.stubGlobal('fetch', fetch);
    fetchEarly('POST', '/api/v1/role/list', '{}', 'en', { authorization: 'Bearer t-1' });
    expect(fetch).toHaveBeenCalledWith('/api/v1/role/list', expect.objectContaining({ method: 'POST', body: '{}', headers: headers({ Authorization: 'Bearer t-1' }) }));

    // another token, no token, another body or language: not this answer
    expect(takeEarlyResponse('/api/v1/role/list', { method: 'POST', body: '{}', headers: headers({ Authorization: 'Bearer t-2' }) })).toBeUndefined();
    expect(takeEarlyResponse('/api/v1/role/list', { method: 'POST', body: '{}', headers: headers() })).toBeUndefined();
    expect(takeEarlyResponse('/api/v1/role/list', { method: 'POST', body: '{"appId":1}', headers: headers({ Authorization: 'Bearer t-1' }) })).toBeUndefined();
    expect(takeEarlyResponse('/api/v1/role/list', { method: 'POST', body: '{}', headers: { ...headers({ Authorization: 'Bearer t-1' }), 'Accept-Language': 'de' } })).toBeUndefined();

    const taken = takeEarlyResponse('/api/v1/role/list', { method: 'POST', body: '{}', headers: headers({ Authorization: 'Bearer t-1' }) });
    expect(await (await taken!).text()).toBe('{"code":200}');
    expect(takeEarlyResponse('/api/v1/role/list', { method: 'POST', body: '{}', headers: headers({ Authorization: 'Bearer t-1' }) })).toBeUndefined();
  });

  it('keeps a request without a token for a request without one', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"code":200,"data":[]}')));
    fetchEarly('POST', '/api/v1/voucher/list/10030', '{}', 'en');
    expect(takeEarlyResponse('/api/v1/voucher/list/10030', { method: 'POST', body: '{}', headers: headers({ Authorization: 'Bearer t-1' }) })).toBeUndefined();
    const taken = takeEarlyResponse('/api/v1/voucher/list/10030', { method: 'POST', body: '{}', headers: headers() });
    expect(await (await taken!).json()).toEqual({ code: 200, data: [] });
  });

  it('makes the next request of an answer before the client gets that answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => new Response(url.endsWith('/country') ? '{"code":200,"data":"DE"}' : '{"code":200,"data":[]}')));
    fetchEarly('GET', '/api/user/ip/country', undefined, 'en', {
      beforeTaken: async (response) => {
        const { data } = (await response.clone().json()) as { data: string };
        // a slow reader: the client still waits for the next request to be made
        await new Promise((resolve) => setTimeout(resolve, 20));
        fetchEarly('POST', '/api/v1/voucher/list/10030', JSON.stringify({ regionCode: data }), 'en');
      },
    });
    const country = await takeEarlyResponse('/api/user/ip/country', { method: 'GET', headers: headers() })!;
    expect(await country.json()).toEqual({ code: 200, data: 'DE' });
    expect(takeEarlyResponse('/api/v1/voucher/list/10030', { method: 'POST', body: '{"regionCode":"DE"}', headers: headers() })).toBeDefined();
  });

  it('hands the answer over even when its next request could not be made', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('not json')));
    fetchEarly('GET', '/api/user/ip/country', undefined, 'en', { beforeTaken: async (response) => response.clone().json() });
    const country = await takeEarlyResponse('/api/user/ip/country', { method: 'GET', headers: headers() })!;
    expect(await country.text()).toBe('not json');
  });

  it('hands a public answer to the same request with or without a token, once', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"code":200,"data":[]}')));
    fetchEarly('POST', '/api/v1/voucher/list/10030', '{"regionCode":"DE"}', 'en', { anyCaller: true });
    expect(takeEarlyResponse('/api/v1/voucher/list/10030', { method: 'POST', body: '{"regionCode":"JP"}', headers: headers() })).toBeUndefined();
    expect(takeEarlyResponse('/api/v1/voucher/list/10030', { method: 'POST', body: '{"regionCode":"DE"}', headers: headers({ Authorization: 'Bearer t-1' }) })).toBeDefined();
    expect(takeEarlyResponse('/api/v1/voucher/list/10030', { method: 'POST', body: '{"regionCode":"DE"}', headers: headers() })).toBeUndefined();
  });
});
