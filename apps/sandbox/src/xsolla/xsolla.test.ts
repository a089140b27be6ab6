import { createHash, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { acceptAll, basicAuth, buttonAction, press, startHarness, waitFor, type Harness, type Received } from '../testing/harness.ts';

const { merchantId, projectId, apiKey, secretKey } = SANDBOX_CREDENTIALS.xsolla;

// Tests read arbitrary paths of Xsolla's JSON; typing every shape would only restate the assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

let h: Harness;
let base: string;

/** How PAYMENTS.md tells the shop to check a webhook: SHA-1 of raw body + secret, compared in constant time. */
function signatureValid(delivery: Received): boolean {
  const expected = createHash('sha1').update(delivery.body + secretKey).digest('hex');
  const header = String(delivery.headers.authorization ?? '');
  const match = /^Signature ([0-9a-f]{40})$/.exec(header);
  return !!match && timingSafeEqual(Buffer.from(match[1] ?? ''), Buffer.from(expected));
}

let sequence = 0;
function tokenBody(overrides: Body = {}): Body {
  sequence += 1;
  return {
    user: { id: { value: `user-${sequence}` }, email: { value: 'player@example.com' }, country: { value: 'DE' } },
    settings: {
      project_id: Number(projectId),
      external_id: `ORD-${Date.now()}-${sequence}`,
      currency: 'USD',
      mode: 'sandbox',
      language: 'en',
      return_url: 'https://shop.example/xsolla/return?from=xsolla',
    },
    purchase: { checkout: { amount: 4.99, currency: 'USD' }, description: { value: '500 gems' } },
    custom_parameters: { orderSn: `SN${sequence}` },
    ...overrides,
  };
}

/** A token body for `amount` in `currency`, named the same in settings and purchase, as the shop sends it. */
function tokenIn(amount: unknown, currency: string): Body {
  const body = tokenBody();
  return {
    ...body,
    settings: { ...body.settings, currency },
    purchase: { checkout: { amount, currency }, description: { value: '500 gems' } },
  };
}

async function createToken(body: Body = tokenBody(), auth = basicAuth(merchantId, apiKey), merchant: string = merchantId) {
  const response = await fetch(`${base}/merchant/v2/merchants/${merchant}/token`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function newPayPage(body: Body = tokenBody()): Promise<{ url: string; token: string; body: Body }> {
  const created = await createToken(body);
  expect(created.status).toBe(200);
  const token = String(created.body.token);
  return { token, body, url: `${base}/paystation4/?token=${token}` };
}

const webhooks = (type: string, externalId?: string) =>
  h.from('xsolla', (b) => b.notification_type === type && (externalId === undefined || (b.transaction as Body | undefined)?.external_id === externalId));

beforeAll(async () => {
  h = await startHarness();
  base = `${h.sandbox.url}/xsolla`;
});
afterAll(() => h.close());
beforeEach(() => h.respond(acceptAll));

describe('Xsolla token API', () => {
  it('issues a 32-character token for the merchant credentials', async () => {
    const created = await createToken();
    expect(created.status).toBe(200);
    expect(created.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('answers 401 in Xsolla format for a wrong API key or another merchant', async () => {
    for (const attempt of [createToken(tokenBody(), basicAuth(merchantId, 'wrong')), createToken(tokenBody(), basicAuth(merchantId, apiKey), '999')]) {
      const { status, body } = await attempt;
      expect(status).toBe(401);
      expect(body).toMatchObject({ http_status_code: 401, message: expect.any(String), extended_message: null, request_id: expect.any(String) });
    }
  });

  it.each([
    ['no user id', { user: { email: { value: 'a@b.c' } } }],
    ['another project', { settings: { project_id: 1 } }],
    ['a non-numeric amount', { purchase: { checkout: { amount: '4.99', currency: 'USD' } } }],
    ['too many decimals', { purchase: { checkout: { amount: 4.999, currency: 'USD' } } }],
    ['a javascript: return URL', { settings: { project_id: Number(projectId), return_url: 'javascript:alert(1)' } }],
  ])('answers 422 for %s', async (_name, overrides) => {
    const { status, body } = await createToken(tokenBody(overrides));
    expect(status).toBe(422);
    expect(body).toMatchObject({ http_status_code: 422, message: expect.any(String) });
  });

  it.each([
    ['1999 JPY sent as 19.99', 19.99, 'JPY', 'purchase.checkout.amount'],
    ['KRW with decimals', 5500.5, 'KRW', 'purchase.checkout.amount'],
    ['four decimals in KWD', 1.4901, 'KWD', 'purchase.checkout.amount'],
    ['three decimals in EUR', 4.999, 'EUR', 'purchase.checkout.amount'],
    ['a currency Pay Station does not charge', 1000, 'KPW', 'purchase.checkout.currency'],
  ])('answers 422 naming the parameter for %s', async (_name, amount, currency, property) => {
    const { status, body } = await createToken(tokenIn(amount, currency));
    expect(status).toBe(422);
    expect(body).toMatchObject({ http_status_code: 422, message: `Invalid ${property}` });
    expect(Object.keys(body.extended_message.property_errors)).toEqual([property]);
  });

  it.each([
    [1999, 'JPY', '¥1,999'],
    [5500, 'KRW', '₩5,500'],
    [1.49, 'KWD', 'KWD\u00a01.490'],
    [4.99, 'EUR', '€4.99'],
  ])('takes %d %s and shows it as %s on the pay page', async (amount, currency, shown) => {
    const page = await newPayPage(tokenIn(amount, currency));
    expect(await (await fetch(page.url)).text()).toContain(shown);
  });
});

describe('Xsolla Pay Station', () => {
  it('shows amount and description, escaped, with the three buttons', async () => {
    const page = await newPayPage(tokenBody({ purchase: { checkout: { amount: 4.99, currency: 'USD' }, description: { value: '<b>gems</b>' } } }));
    const html = await (await fetch(page.url)).text();
    expect(html).toContain('Xsolla Pay Station (sandbox)');
    expect(html).toContain('$4.99');
    expect(html).toContain('&#60;b&#62;gems&#60;/b&#62;');
    for (const label of ['Pay', 'Decline', 'Cancel']) expect(buttonAction(html, label)).toContain(`/paystation4/${page.token}/`);
  });

  it('answers 400 with an error page for an unknown token', async () => {
    const response = await fetch(`${base}/paystation4/?token=unknown`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('unknown or has expired');
  });

  it('Pay validates the user, sends a signed payment webhook and returns with invoice_id and status=done', async () => {
    const page = await newPayPage();
    const externalId = String(page.body.settings.external_id);
    const response = await press(page.url, 'Pay');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('https://shop.example/xsolla/return');
    expect(location.searchParams.get('from')).toBe('xsolla');
    expect(location.searchParams.get('status')).toBe('done');
    const invoice = Number(location.searchParams.get('invoice_id'));

    const validation = h.from('xsolla', (b) => b.notification_type === 'user_validation' && (b.user as Body).id === page.body.user.id.value);
    expect(validation).toHaveLength(1);
    expect(signatureValid(validation[0]!)).toBe(true);
    expect(JSON.parse(validation[0]!.body)).toMatchObject({
      settings: { project_id: Number(projectId), merchant_id: Number(merchantId) },
      user: { id: page.body.user.id.value, email: 'player@example.com', country: 'DE' },
    });

    const [payment] = webhooks('payment', externalId);
    expect(signatureValid(payment!)).toBe(true);
    expect(JSON.parse(payment!.body)).toMatchObject({
      notification_type: 'payment',
      settings: { project_id: Number(projectId), merchant_id: Number(merchantId) },
      purchase: { checkout: { currency: 'USD', amount: 4.99 }, total: { currency: 'USD', amount: 4.99 } },
      user: { id: page.body.user.id.value, email: 'player@example.com', country: 'DE' },
      transaction: { id: invoice, external_id: externalId, dry_run: 1, agreement: 1, payment_method: 1380 },
      payment_details: { payment: { currency: 'USD', amount: 4.99 } },
      custom_parameters: page.body.custom_parameters,
    });
    expect(JSON.parse(payment!.body).transaction.payment_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // A token pays once: pressing Pay again shows the same result and sends nothing new.
    const again = await fetch(`${base}/paystation4/${page.token}/pay`, { method: 'POST', redirect: 'manual' });
    expect(new URL(again.headers.get('location') ?? '').searchParams.get('invoice_id')).toBe(String(invoice));
    expect(webhooks('payment', externalId)).toHaveLength(1);
  });

  it('inside the widget iframe, answers with a page that posts invoice then done to the parent', async () => {
    const page = await newPayPage();
    const response = await press(page.url, 'Pay', { framed: true });
    expect(response.status).toBe(200);
    const html = await response.text();
    const [payment] = webhooks('payment', String(page.body.settings.external_id));
    const invoice = JSON.parse(payment!.body).transaction.id as number;
    const messages = JSON.parse(/var messages=(\[.*?\]);/.exec(html)?.[1] ?? '[]') as Body[];
    expect(messages).toEqual([
      { command: 'status', data: { paymentInfo: { status: 'invoice', invoice } } },
      { command: 'status', data: { paymentInfo: { status: 'done', invoice } } },
    ]);
    expect(html).toContain('window.parent.postMessage(JSON.stringify(m),"*")');
  });

  it('stops with "user validation failed" when the shop does not confirm the user', async () => {
    h.respond((r) => {
      const body = JSON.parse(r.body) as Body;
      return body.notification_type === 'user_validation'
        ? { status: 400, body: '{"error":{"code":"INVALID_USER","message":"unknown"}}', contentType: 'application/json' }
        : { status: 204 };
    });
    const page = await newPayPage();
    const response = await press(page.url, 'Pay', { framed: true });
    const html = await response.text();
    expect(html).toContain('User validation failed');
    expect(html).toContain('"status":"troubled"');
    expect(webhooks('payment', String(page.body.settings.external_id))).toHaveLength(0);
  });

  it('marks the payment troubled, without redelivery, when the shop answers INVALID_USER to the payment', async () => {
    const retrying = await startHarness({ retryDelaysMs: [10, 10] });
    try {
      retrying.respond((r) =>
        (JSON.parse(r.body) as Body).notification_type === 'payment'
          ? { status: 400, body: '{"error":{"code":"INVALID_USER","message":"gone"}}', contentType: 'application/json' }
          : { status: 204 },
      );
      const created = await fetch(`${retrying.sandbox.url}/xsolla/merchant/v2/merchants/${merchantId}/token`, {
        method: 'POST',
        headers: { authorization: basicAuth(merchantId, apiKey), 'content-type': 'application/json' },
        body: JSON.stringify(tokenBody()),
      });
      const { token } = (await created.json()) as { token: string };
      const response = await press(`${retrying.sandbox.url}/xsolla/paystation4/?token=${token}`, 'Pay');
      expect(new URL(response.headers.get('location') ?? '').searchParams.get('status')).toBe('troubled');
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(retrying.from('xsolla', (b) => b.notification_type === 'payment')).toHaveLength(1);
    } finally {
      await retrying.close();
    }
  });

  it('redelivers the payment webhook after errors: delivering first, done once the shop accepts', async () => {
    const retrying = await startHarness({ retryDelaysMs: [30, 30] });
    try {
      let payments = 0;
      retrying.respond((r) =>
        (JSON.parse(r.body) as Body).notification_type === 'payment' && ++payments < 3 ? { status: 500 } : { status: 204 },
      );
      const xsolla = `${retrying.sandbox.url}/xsolla`;
      const created = await fetch(`${xsolla}/merchant/v2/merchants/${merchantId}/token`, {
        method: 'POST',
        headers: { authorization: basicAuth(merchantId, apiKey), 'content-type': 'application/json' },
        body: JSON.stringify(tokenBody()),
      });
      const { token } = (await created.json()) as { token: string };
      const first = await press(`${xsolla}/paystation4/?token=${token}`, 'Pay');
      expect(new URL(first.headers.get('location') ?? '').searchParams.get('status')).toBe('delivering');
      await waitFor(() => retrying.attempts.filter((a) => a.provider === 'xsolla').length === 4);
      expect(retrying.attempts.map((a) => a.status)).toEqual([204, 500, 500, 204]);
      const deliveries = retrying.from('xsolla', (b) => b.notification_type === 'payment');
      expect(new Set(deliveries.map((d) => d.body)).size).toBe(1);
      expect(deliveries.every(signatureValid)).toBe(true);
      const settled = await fetch(`${xsolla}/paystation4/${token}/pay`, { method: 'POST', redirect: 'manual' });
      expect(new URL(settled.headers.get('location') ?? '').searchParams.get('status')).toBe('done');
    } finally {
      await retrying.close();
    }
  });

  it('Decline sends no webhook and returns with status=troubled', async () => {
    const page = await newPayPage();
    const response = await press(page.url, 'Decline');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('status')).toBe('troubled');
    expect(location.searchParams.has('invoice_id')).toBe(false);
    expect(h.from('xsolla', (b) => (b.user as Body).id === page.body.user.id.value)).toHaveLength(0);
  });

  it('Cancel returns with status=canceled, or closes the widget when framed', async () => {
    const page = await newPayPage();
    const response = await press(page.url, 'Cancel');
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('status')).toBe('canceled');
    const framed = await (await press(page.url, 'Cancel', { framed: true })).text();
    expect(framed).toContain('[{"command":"close"}]');
    expect(h.from('xsolla', (b) => (b.user as Body).id === page.body.user.id.value)).toHaveLength(0);
  });
});

describe('Xsolla refunds and search', () => {
  it('refunds a paid transaction with 204 and a signed refund webhook, once', async () => {
    const page = await newPayPage();
    const externalId = String(page.body.settings.external_id);
    const location = new URL((await press(page.url, 'Pay')).headers.get('location') ?? '');
    const invoice = location.searchParams.get('invoice_id');
    const refundUrl = `${base}/merchant/v2/merchants/${merchantId}/reports/transactions/${invoice}/refund`;
    const refund = () =>
      fetch(refundUrl, {
        method: 'PUT',
        headers: { authorization: basicAuth(merchantId, apiKey), 'content-type': 'application/json' },
        body: JSON.stringify({ description: 'Customer request' }),
      });
    expect((await refund()).status).toBe(204);
    const [delivery] = await waitFor(() => webhooks('refund', externalId).length > 0 && webhooks('refund', externalId));
    expect(signatureValid(delivery!)).toBe(true);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      notification_type: 'refund',
      transaction: { id: Number(invoice), external_id: externalId },
      refund_details: { reason: 'Customer request' },
    });
    const again = await refund();
    expect(again.status).toBe(422);

    const search = await fetch(`${base}/merchant/v2/merchants/${merchantId}/reports/transactions/search.json?external_id=${externalId}`, {
      headers: { authorization: basicAuth(merchantId, apiKey) },
    });
    expect(await search.json()).toMatchObject([{ transaction: { id: Number(invoice), external_id: externalId, status: 'refunded' } }]);
  });

  it('refuses a second token for an order that was already paid', async () => {
    const body = tokenBody();
    const page = await newPayPage(body);
    await press(page.url, 'Pay');
    const second = await createToken({ ...body, user: { id: { value: 'someone-else' } } });
    expect(second.status).toBe(422);
  });
});

describe('Xsolla embed script', () => {
  it('is served as JavaScript that defines XPayStationWidget', async () => {
    const response = await fetch(`${base}/embed/paystation/1.2.3/widget.min.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/javascript');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await response.text()).toContain('window.XPayStationWidget');
  });
});
