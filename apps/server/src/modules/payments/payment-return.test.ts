import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOutcome } from '@shop/contract/payment-return';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { createOrder, newPlayer, press, waitForStatus } from '../../../test/shopping.ts';
import { orderIdOfReturnRef, paymentReturnRef } from './payment-return.ts';

const SECRET = 'test-secret-test-secret-test-secret!';

describe('payment return references', () => {
  it('name their order and only with the MAC the secret makes', () => {
    const ref = paymentReturnRef(SECRET, 42);
    expect(ref).toMatch(/^42\.[A-Za-z0-9_-]{22}$/);
    expect(orderIdOfReturnRef(SECRET, ref)).toBe(42);
    const mac = ref.split('.')[1]!;
    // another order's number with this MAC, another secret, a changed MAC: nothing
    expect(orderIdOfReturnRef(SECRET, `43.${mac}`)).toBeUndefined();
    expect(orderIdOfReturnRef(`${SECRET}x`, ref)).toBeUndefined();
    expect(orderIdOfReturnRef(SECRET, `42.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(orderIdOfReturnRef(SECRET, `42.${mac.slice(0, -2)}`)).toBeUndefined();
    expect(orderIdOfReturnRef(SECRET, '42')).toBeUndefined();
    expect(orderIdOfReturnRef(SECRET, `0.${mac}`)).toBeUndefined();
  });
});

describe.each(BACKENDS)('the return page without a session (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
  });
  afterAll(() => shop.close());

  const outcome = (body: unknown) => shop.api<PaymentOutcome>('POST', '/api/v1/payment/outcome', { body });

  it.each(['paypal', 'payermax'] as const)('%s returns with a ref that shows the outcome to a browser without the session', async (provider) => {
    const player = await newPlayer(shop);
    const { result, pack } = await createOrder(shop, player, provider);
    const back = new URL((await press(shop, result, 'pay'))!);
    expect(back.pathname).toBe('/payment/return');
    const ref = back.searchParams.get('ref')!;
    expect(ref.startsWith(`${result.orderId}.`)).toBe(true);
    if (provider === 'paypal') {
      // the return page's capture needs no session either
      const capture = await shop.api('POST', '/api/v1/pay/paypalCapture', { body: { orderId: result.orderId, thirdOrderId: back.searchParams.get('token') } });
      expect(capture.body.code).toBe(200);
    }
    await waitForStatus(shop, player, result.orderId, [3]);
    const answer = await outcome({ ref });
    expect(answer.status).toBe(200);
    // the status and the amount, and nothing else: no items, no player, no provider data
    expect(answer.body.data).toEqual({ status: 3, payAmount: pack.productDiscountPrice, currency: 'USD' });
  });

  it("the cancel address carries it too, and a declined payment's ref reads Transaction Failed", async () => {
    const player = await newPlayer(shop);
    const { result } = await createOrder(shop, player, 'payermax');
    const back = new URL((await press(shop, result, 'decline'))!);
    await waitForStatus(shop, player, result.orderId, [7]);
    expect((await outcome({ ref: back.searchParams.get('ref') })).body.data.status).toBe(7);

    const cancelled = await createOrder(shop, player, 'paypal');
    const cancelPage = new URL((await press(shop, cancelled.result, 'cancel'))!);
    expect(cancelPage.pathname).toBe('/payment/cancel');
    expect((await outcome({ ref: cancelPage.searchParams.get('ref') })).body.data.status).toBe(0);
  });

  it('an attacker who walks order numbers learns nothing: every forged ref is the same 404 as an unknown order', async () => {
    const player = await newPlayer(shop);
    const { result } = await createOrder(shop, player, 'paypal');
    const mac = paymentReturnRef(shop.config.jwtSecret, result.orderId).split('.')[1]!;
    const forged = [
      `${result.orderId}.${'A'.repeat(22)}`, // the order exists, the MAC is made up
      `${result.orderId + 1}.${mac}`, // a neighbour with this order's MAC
      `${result.orderId + 100_000}.${'A'.repeat(22)}`, // no such order
      paymentReturnRef('another-secret-another-secret!!', result.orderId), // signed with another key
    ];
    const answers = await Promise.all(forged.map((ref) => outcome({ ref })));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 404, message: 'Order not found', data: null });
    }
    // a ref for an order that does not exist (made with the right key) answers exactly the same
    const missing = await outcome({ ref: paymentReturnRef(shop.config.jwtSecret, result.orderId + 100_000) });
    expect(missing.body).toEqual(answers[0]!.body);
  });

  it.each([
    ['no body', undefined],
    ['no ref', {}],
    ['an empty ref', { ref: '' }],
    ['a number', { ref: 42 }],
    ['an object', { ref: { $gt: '' } }],
    ['a NUL', { ref: `1.${'A'.repeat(21)}\u0000` }],
    ['a huge order number', { ref: `99999999999999999999.${'A'.repeat(22)}` }],
    ['a too long ref', { ref: `1.${'A'.repeat(5000)}` }],
    ['a negative number', { ref: `-1.${'A'.repeat(22)}` }],
  ])('refuses %s with the 400 envelope', async (_name, body) => {
    const answer = await outcome(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 400, data: null });
    expect(answer.body.message).not.toBe('');
  });
});
