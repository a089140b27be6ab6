import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoucherGoods } from '@shop/contract/catalog.schema';
import type { PayChannel } from '@shop/contract/channels.schema';
import type { Country } from '@shop/contract/countries.schema';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';

describe.each(BACKENDS)('catalogue, countries and channels (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { COUNTRY_HEADER: 'cf-ipcountry' });
  });
  afterAll(() => shop.close());

  it('lists the voucher packs of each game, including the 499 and 4999 VIP packs, never product 9521', async () => {
    for (const appId of [10030, 10002]) {
      const answer = await shop.api<VoucherGoods[]>('POST', `/api/v1/voucher/list/${appId}`);
      expect(answer.body.code).toBe(200);
      const packs = answer.body.data;
      expect(packs.length).toBeGreaterThanOrEqual(6);
      expect(packs.map((p) => p.voucherAmount)).toEqual(expect.arrayContaining([499, 4999]));
      expect(packs.some((p) => p.id === 9521)).toBe(false);
      expect(packs.some((p) => JSON.parse(p.configJson).diamond > 0)).toBe(true);
      for (const pack of packs) {
        expect(pack.productDiscountPrice).toBeLessThanOrEqual(pack.productPrice);
        expect(pack.currency).toBe('USD');
      }
    }
  });

  it('names products in the request language', async () => {
    const en = await shop.api<VoucherGoods[]>('POST', '/api/v1/voucher/list/10030');
    const ja = await shop.api<VoucherGoods[]>('POST', '/api/v1/voucher/list/10030', { headers: { 'accept-language': 'ja' } });
    const tw = await shop.api<VoucherGoods[]>('POST', '/api/v1/voucher/list/10030', { headers: { 'accept-language': 'zh-HK' } });
    expect(ja.body.data[0]!.productName).not.toBe(en.body.data[0]!.productName);
    expect(tw.body.data[0]!.productName).not.toBe(en.body.data[0]!.productName);
    expect(ja.body.data[0]!.id).toBe(en.body.data[0]!.id);
  });

  it('refuses unknown or malformed game ids', async () => {
    expect((await shop.api('POST', '/api/v1/voucher/list/12345')).body).toMatchObject({ code: 404, data: null });
    expect((await shop.api('POST', '/api/v1/voucher/list/abc')).body).toMatchObject({ code: 400, data: null });
    expect((await shop.api('GET', '/api/v1/pay/channel/list/12345')).body.code).toBe(404);
  });

  it('lists about 250 countries with English and Chinese names', async () => {
    const answer = await shop.api<Country[]>('GET', '/api/common/countries');
    expect(answer.body.data.length).toBeGreaterThanOrEqual(245);
    expect(answer.body.data.find((c) => c.regionCode === 'US')).toMatchObject({ region: 'United States of America', regionCN: '美国', dialCode: '1' });
  });

  it('answers ZZ for a loopback caller and the proxy country header when configured', async () => {
    expect((await shop.api<string>('GET', '/api/user/ip/country')).body.data).toBe('ZZ');
    expect((await shop.api<string>('GET', '/api/user/ip/country', { headers: { 'cf-ipcountry': 'de' } })).body.data).toBe('DE');
    expect((await shop.api<string>('GET', '/api/user/ip/country', { headers: { 'cf-ipcountry': 'XX' } })).body.data).toBe('ZZ');
  });

  it('offers region-specific channels, the default list elsewhere, and treats ZZ as US', async () => {
    const us = (await shop.api<PayChannel[]>('POST', '/api/v1/pay/channel/list/10030/US')).body.data;
    const br = (await shop.api<PayChannel[]>('POST', '/api/v1/pay/channel/list/10030/BR')).body.data;
    const zz = (await shop.api<PayChannel[]>('POST', '/api/v1/pay/channel/list/10030/ZZ')).body.data;
    const aq = (await shop.api<PayChannel[]>('POST', '/api/v1/pay/channel/list/10030/AQ')).body.data;
    expect(us.length).toBeGreaterThan(5);
    expect(new Set(us.map((c) => c.thirdChannelName))).toEqual(new Set(['paypal', 'xsolla', 'payermax']));
    expect(br).not.toEqual(us);
    expect(zz).toEqual(us);
    expect(aq.length).toBeGreaterThan(0);
    expect(us.some((c) => /apple pay/i.test(c.payMethodName)) && us.some((c) => /google pay/i.test(c.payMethodName))).toBe(true);
    const byIp = (await shop.api<PayChannel[]>('GET', '/api/v1/pay/channel/list/10030', { headers: { 'cf-ipcountry': 'BR' } })).body.data;
    expect(byIp).toEqual(br);
    expect((await shop.api('POST', '/api/v1/pay/channel/list/10030/USA')).body.code).toBe(400);
  });

  it('serves OpenAPI documentation of the contract routes', async () => {
    const response = await fetch(`${shop.url}/api/docs/json`);
    const doc = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/user/inapp/quick/login', '/api/v1/voucher/create/order', '/api/v1/order/list/all']));
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const answer = await shop.api('GET', '/api/no/such/route');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 404, data: null });
  });
});
