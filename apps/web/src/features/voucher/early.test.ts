import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken } from '../../shared/storage/token';
import { stubDocumentHead } from '../../shared/testing/early-globals';
import { startVoucherPageRequests } from './early';

describe('the voucher page early requests', () => {
  let preloaded: string[];
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('{"code":200,"data":null}'));

  beforeEach(() => {
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

  it("logs the launched role in, asks for its game's lists and preloads its game's art", () => {
    at('/voucher?appId=10002&roleId=r-1&serverId=10001&accountId=a-1&userLevel=3');
    startVoucherPageRequests('en');
    expect(requests()).toEqual([
      'POST /api/user/inapp/quick/login',
      'POST /api/v1/voucher/list/10002',
      'GET /api/v1/pay/channel/list/10002',
      'GET /api/user/ip/country',
    ]);
    expect(preloaded).toEqual(['preload image /media/games/10002/banner', 'preload image /media/games/10002/icon']);
  });

  it('does nothing on another page', () => {
    at('/voucher/history?appId=10002');
    startVoucherPageRequests('en');
    expect(fetch).not.toHaveBeenCalled();
    expect(preloaded).toEqual([]);
  });
});
