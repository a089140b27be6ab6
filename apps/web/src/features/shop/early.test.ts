import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyResponse } from '../../shared/api/early-responses';
import { clearToken, saveToken } from '../../shared/storage/token';
import { boundRole, stubDocumentHead } from '../../shared/testing/early-globals';
import { startHomeRequests } from './early';

/** Lets the role list's answer and the requests made on it run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the home early requests', () => {
  let preloaded: string[];
  let answers: Record<string, unknown>;
  const fetch = vi.fn(async (url: string, _init: RequestInit) => new Response(JSON.stringify(answers[url] ?? { code: 404 }), { status: 200 }));

  beforeEach(() => {
    answers = { '/api/user/info': { code: 200, data: { countryCode: 'DE' } } };
    fetch.mockClear();
    vi.stubGlobal('fetch', fetch);
    preloaded = stubDocumentHead();
    saveToken({ token: 't-1', refreshToken: 'r-1', tokenHead: 'Bearer ', expiresIn: 3600 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToken();
  });

  const at = (address: string) => vi.stubGlobal('location', new URL(address, 'http://localhost'));
  const requests = () => fetch.mock.calls.map(([url, init]) => `${init.method} ${url} ${String(init.body)}`);
  const products = (body: string) => ({ method: 'POST', body, headers: { 'Accept-Language': 'en', Authorization: 'Bearer t-1' } });

  it("asks for the current account's products of the tab and its free items in the player's country, and preloads its game's art", async () => {
    at('/home?tab=vip');
    answers['/api/v1/role/list'] = { code: 200, data: [boundRole(1, { isDefault: true }), boundRole(2, { appId: 10002, current: true })] };
    startHomeRequests('en');
    await settle();
    expect(requests()).toEqual([
      'POST /api/v1/role/list {}',
      'GET /api/user/info undefined',
      'POST /api/v1/product/list {"appId":10002,"goodsType":2,"regionCode":"DE"}',
      'POST /api/v1/product/list {"appId":10002,"goodsType":4,"regionCode":"DE"}',
    ]);
    expect(preloaded).toEqual(['preload image /media/games/10002/banner', 'preload image /media/games/10002/icon']);
    // the client takes each answer as the page asks (the role list's body was read from a clone)
    const roles = takeEarlyResponse('/api/v1/role/list', { method: 'POST', body: '{}', headers: { 'Accept-Language': 'en', Authorization: 'Bearer t-1' } });
    expect(((await (await roles!).json()) as { data: unknown[] }).data).toHaveLength(2);
    expect(takeEarlyResponse('/api/v1/product/list', products('{"appId":10002,"goodsType":2,"regionCode":"DE"}'))).toBeDefined();
    expect(takeEarlyResponse('/api/v1/product/list', products('{"appId":10002,"goodsType":4,"regionCode":"DE"}'))).toBeDefined();
    expect(takeEarlyResponse('/api/user/info', { method: 'GET', headers: { 'Accept-Language': 'en', Authorization: 'Bearer t-1' } })).toBeDefined();
  });

  it("leaves the products to the page when the account has no country (its IP's decides) or the player's answer fails", async () => {
    for (const answer of [{ code: 200, data: { countryCode: null } }, { code: 500, message: 'down' }]) {
      fetch.mockClear();
      at('/home');
      answers['/api/v1/role/list'] = { code: 200, data: [boundRole(1)] };
      answers['/api/user/info'] = answer;
      startHomeRequests('en');
      await settle();
      expect(requests()).toEqual(['POST /api/v1/role/list {}', 'GET /api/user/info undefined']);
      takeEarlyResponse('/api/v1/role/list', { method: 'POST', body: '{}', headers: { 'Accept-Language': 'en', Authorization: 'Bearer t-1' } });
      takeEarlyResponse('/api/user/info', { method: 'GET', headers: { 'Accept-Language': 'en', Authorization: 'Bearer t-1' } });
    }
  });

  it('opens on gems without a tab', async () => {
    at('/home');
    answers['/api/v1/role/list'] = { code: 200, data: [boundRole(1)] };
    startHomeRequests('en');
    await settle();
    expect(requests()).toContain('POST /api/v1/product/list {"appId":10030,"goodsType":1,"regionCode":"DE"}');
    takeEarlyResponse('/api/v1/role/list', { method: 'POST', body: '{}', headers: { 'Accept-Language': 'en', Authorization: 'Bearer t-1' } });
    takeEarlyResponse('/api/user/info', { method: 'GET', headers: { 'Accept-Language': 'en', Authorization: 'Bearer t-1' } });
  });

  it('asks for nothing more without a bound account, after a refusal or on another page', async () => {
    for (const answer of [{ code: 200, data: [] }, { code: 401, message: 'expired' }, { code: 200, data: [{ appId: 'x' }] }]) {
      fetch.mockClear();
      at('/home');
      answers['/api/v1/role/list'] = answer;
      startHomeRequests('en');
      await settle();
      expect(requests()).toEqual(['POST /api/v1/role/list {}', 'GET /api/user/info undefined']);
      takeEarlyResponse('/api/v1/role/list', { method: 'POST', body: '{}', headers: { 'Accept-Language': 'en', Authorization: 'Bearer t-1' } });
      takeEarlyResponse('/api/user/info', { method: 'GET', headers: { 'Accept-Language': 'en', Authorization: 'Bearer t-1' } });
    }
    fetch.mockClear();
    at('/role');
    startHomeRequests('en');
    expect(fetch).not.toHaveBeenCalled();
    expect(preloaded).toEqual([]);
  });

  it('makes no request without a saved token', () => {
    clearToken();
    at('/home');
    startHomeRequests('en');
    expect(fetch).not.toHaveBeenCalled();
  });
});
