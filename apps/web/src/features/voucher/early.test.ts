import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken } from '../../shared/storage/token';
import { stubDocumentHead } from '../../shared/testing/early-globals';
import { startVoucherPageRequests } from './early';

describe('the voucher page early requests', () => {
  let preloaded: string[];
  let ipAnswer = '{"code":200,"data":"DE"}';
  const fetch = vi.fn(async (url: string, _init: RequestInit) => new Response(url.endsWith('/user/ip/country') ? ipAnswer : '{"code":200,"data":null}'));

  beforeEach(() => {
    ipAnswer = '{"code":200,"data":"DE"}';
    fetch.mockClear();
    vi.stubGlobal('fetch', fetch);
    preloaded = stubDocumentHead();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToken();
  });

  const at = (address: string) => vi.stubGlobal('location', new URL(address, 'http://localhost'));
  const requests = () => fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`);

  const voucherListRegion = async () => {
    await vi.waitFor(() => expect(requests().some((request) => request.startsWith('POST /api/v1/voucher/list/10002?'))).toBe(true));
    const call = fetch.mock.calls.find(([url]) => url.includes('/v1/voucher/list/10002?'))!;
    expect(call[1].body).toBe('{}');
    return new URL(call[0], 'http://localhost').searchParams.get('regionCode');
  };

  it("logs the launched role in, asks for its game's lists, the packs priced in the IP's country, and preloads its game's art", async () => {
    at('/voucher?appId=10002&roleId=r-1&serverId=10001&accountId=a-1&userLevel=3');
    startVoucherPageRequests('en');
    expect(requests()).toEqual(['POST /api/user/inapp/quick/login', 'GET /api/v1/pay/channel/list/10002', 'GET /api/user/ip/country']);
    expect(preloaded).toEqual(['preload image /media/games/10002/banner', 'preload image /media/games/10002/icon']);
    // the page's own request (api/voucher-api.ts) asks for exactly this URL, so it takes this answer
    expect(await voucherListRegion()).toBe('DE');
  });

  it('prices the packs in the default region when the IP lookup says ZZ or fails', async () => {
    at('/voucher?appId=10002&roleId=r-1&serverId=10001&accountId=a-1&userLevel=3');
    ipAnswer = '{"code":200,"data":"ZZ"}';
    startVoucherPageRequests('en');
    expect(await voucherListRegion()).toBe('US');
    fetch.mockClear();
    ipAnswer = '{"code":500,"message":"down","data":null}';
    startVoucherPageRequests('en');
    expect(await voucherListRegion()).toBe('US');
  });

  it('does nothing on another page', () => {
    at('/voucher/history?appId=10002');
    startVoucherPageRequests('en');
    expect(fetch).not.toHaveBeenCalled();
    expect(preloaded).toEqual([]);
  });
});
