import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEarly, takeEarlyResponse } from './early-responses';

const headers = (extra: Record<string, string> = {}) => ({ Accept: 'application/json', 'Accept-Language': 'en', 'Content-Type': 'application/json', ...extra });

describe('early responses', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands an answer to the identical request once, the token included', async () => {
    const fetch = vi.fn(async () => new Response('{"code":200}'));
    vi.stubGlobal('fetch', fetch);
    fetchEarly('POST', '/api/v1/role/list', '{}', 'en', 'Bearer t-1');
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
});
