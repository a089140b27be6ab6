import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOperator, loginOperator } from '../../test/console.ts';
import { startShop, type TestShop } from '../../test/harness.ts';
import { createOrder, newPlayer, press } from '../../test/shopping.ts';
import { signLaunch } from '../modules/auth/launch-signature.ts';
import { REDACTED, redactUrl } from './request-log.ts';

describe('redacting secret query parameters', () => {
  it.each([
    ['/console/enrol?token=abc123', `/console/enrol?token=${REDACTED}`],
    ['/payment/return?from=voucher&channel=paypal&orderId=7&ref=7.mac&token=5O190&PayerID=QYR5Z', `/payment/return?from=voucher&channel=paypal&orderId=7&ref=${REDACTED}&token=${REDACTED}&PayerID=${REDACTED}`],
    ['/voucher?appId=10030&roleId=1&ts=1700000000&sign=deadbeef&language=en', `/voucher?appId=10030&roleId=1&ts=1700000000&sign=${REDACTED}&language=en`],
    // names in another case or percent-encoded are the same parameter to the server
    ['/x?PAYERID=a&%74oken=b&Sign=c', `/x?PAYERID=${REDACTED}&%74oken=${REDACTED}&Sign=${REDACTED}`],
    ['/sandbox/payermax/cashier?tradeToken=t1', `/sandbox/payermax/cashier?tradeToken=${REDACTED}`],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves URLs without secrets exactly as they were sent, broken encoding included', () => {
    for (const url of ['/api/v1/voucher/list/10030', '/home?tab=gifts&q=a+b%20c', '/x?flag&empty=&bad=%E0%A4%A', '/x?%zz=1', '/x?=']) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it("redacts inside a path of this site carried in a parameter (the login page's return address)", () => {
    const nested = `/login?redirect=${encodeURIComponent('/voucher?appId=10030&sign=deadbeef')}`;
    expect(redactUrl(nested)).toBe(`/login?redirect=${encodeURIComponent(`/voucher?appId=10030&sign=${REDACTED}`)}`);
  });
});

/** Lines a shop logged, parsed. */
function captureLogs() {
  const text: string[] = [];
  return {
    stream: { write: (line: string) => void text.push(line) },
    text: () => text.join(''),
    lines: () => text.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown> & { req?: { url?: string } }),
  };
}

describe('the logs of a full flow', () => {
  const LAUNCH_SECRET = 'launch-secret-for-log-test';
  const logs = captureLogs();
  let shop: TestShop;
  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body></body></html>');
    writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    const consoleDist = mkdtempSync(join(tmpdir(), 'console-dist-'));
    writeFileSync(join(consoleDist, 'index.html'), '<!doctype html><html><head><title>Console</title></head><body></body></html>');
    shop = await startShop(
      'pglite',
      { LOG_LEVEL: 'debug', WEB_DIST: webDist, CONSOLE_DIST: consoleDist, GAME_LAUNCH_SECRETS: JSON.stringify({ 10002: LAUNCH_SECRET }) },
      { logStream: logs.stream },
    );
  });
  afterAll(() => shop?.close());

  const page = (path: string) => fetch(shop.url + path, { headers: { accept: 'text/html' }, redirect: 'manual' });

  it('never carries the secret of an enrolment link, a signed voucher link or a PayPal return', async () => {
    const secrets: Record<string, string> = {};

    // an admin invites an operator, who opens the enrolment link
    const admin = await loginOperator(shop, 'admin');
    const invited = await asOperator(shop, admin)<{ invitationUrl: string }>('POST', '/api/console/v1/operators', {
      body: { email: `log-test-${Date.now()}@console.test`, name: 'Log test', role: 'support' },
    });
    const enrolment = new URL(invited.body.data.invitationUrl);
    secrets.enrolmentToken = enrolment.searchParams.get('token')!;
    expect((await page(enrolment.pathname + enrolment.search)).status).toBe(200);
    expect((await shop.api('GET', `/api/console/v1/auth/invitation?token=${secrets.enrolmentToken}`)).status).toBe(200);

    // the game opens a signed voucher link; the login page keeps it as its return address
    const launch = { appId: 10002, roleId: 'log-role-1', serverId: '10001', accountId: 'log-account-1', userLevel: 3, ts: Math.floor(Date.now() / 1000) };
    secrets.sign = signLaunch(launch, LAUNCH_SECRET);
    const voucherLink = `/voucher?${new URLSearchParams({ ...Object.fromEntries(Object.entries(launch).map(([k, v]) => [k, String(v)])), sign: secrets.sign })}`;
    expect((await page(voucherLink)).status).toBe(200);
    expect((await page(`/login?redirect=${encodeURIComponent(voucherLink)}`)).status).toBe(200);
    expect((await shop.api('POST', '/api/user/inapp/quick/login', { body: { ...launch, sign: secrets.sign } })).body.code).toBe(200);

    // a PayPal payment: the checkout page, then PayPal's return to the shop with token and PayerID
    const { result } = await createOrder(shop, await newPlayer(shop), 'paypal');
    const checkout = JSON.parse(result.thirdPayResponse).links.find((link: { rel: string }) => link.rel === 'payer-action').href as string;
    expect((await fetch(checkout)).status).toBe(200);
    const back = new URL((await press(shop, result, 'pay'))!);
    secrets.paypalToken = back.searchParams.get('token')!;
    secrets.payerId = back.searchParams.get('PayerID')!;
    secrets.returnRef = back.searchParams.get('ref')!;
    expect((await page(back.pathname + back.search)).status).toBe(200);

    await expect.poll(() => logs.lines().some((line) => line.req?.url?.startsWith('/payment/return?'))).toBe(true);
    // The embedded sandbox stands for PayPal's own site, whose paths carry its order id (the token) by design
    // (/checkoutnow/{token}/pay, /v2/checkout/orders/{id}): its request lines are not the shop's. Every other line counts.
    const shopLines = logs
      .text()
      .split('\n')
      .filter((line) => !line.includes('"url":"/sandbox/'))
      .join('\n');
    for (const [name, value] of Object.entries(secrets)) {
      expect(value, name).toMatch(/.{6,}/);
      expect(shopLines, name).not.toContain(value);
      expect(shopLines, name).not.toContain(encodeURIComponent(value));
    }
    // the requests are there, with the secrets' places marked
    const urls = logs.lines().flatMap((line) => (line.req?.url ? [line.req.url] : []));
    expect(urls).toContain(`/console/enrol?token=${REDACTED}`);
    expect(urls.some((url) => url.startsWith('/voucher?') && url.endsWith(`sign=${REDACTED}`))).toBe(true);
    expect(urls.some((url) => url.includes(`token=${REDACTED}&PayerID=${REDACTED}`))).toBe(true);
    expect(urls).toContain(`/sandbox/paypal/checkoutnow?token=${REDACTED}`);
  });

  it('writes one line per request, with method, URL, status and time; built files at debug, pages and API calls at info', async () => {
    const before = logs.lines().length;
    await shop.app.ready();
    expect((await fetch(`${shop.url}/assets/app-1234.js`, { headers: { 'x-request-id': 'log-test-asset' } })).status).toBe(200);
    expect((await fetch(`${shop.url}/home`, { headers: { accept: 'text/html', 'x-request-id': 'log-test-page' } })).status).toBe(200);
    expect((await fetch(`${shop.url}/api/v1/voucher/list/10030`, { method: 'POST', headers: { 'x-request-id': 'log-test-api' } })).status).toBe(200);
    await expect.poll(() => logs.lines().some((line) => line.reqId === 'log-test-api')).toBe(true);
    const of = (reqId: string) => logs.lines().slice(before).filter((line) => line.reqId === reqId);
    const DEBUG = 20;
    const INFO = 30;
    expect(of('log-test-asset')).toEqual([expect.objectContaining({ level: DEBUG, msg: 'request completed', req: expect.objectContaining({ method: 'GET', url: '/assets/app-1234.js' }) })]);
    expect(of('log-test-page')).toEqual([expect.objectContaining({ level: INFO, req: expect.objectContaining({ method: 'GET', url: '/home' }), res: { statusCode: 200 } })]);
    const [api] = of('log-test-api');
    expect(of('log-test-api')).toHaveLength(1);
    expect(api).toMatchObject({ level: INFO, req: { method: 'POST', url: '/api/v1/voucher/list/10030' }, res: { statusCode: 200 } });
    expect(api!.responseTime).toEqual(expect.any(Number));
  });
});
