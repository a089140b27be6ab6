import { describe, expect, it } from 'vitest';
import { decidePayment, type DispatchContext } from './dispatch';
import { xsollaPayStationUrl } from './providers/xsolla';
import { payIframePath, paymentResultPath } from './paths';

const redirectMode: DispatchContext = { iframePayment: false, xsolla: { scriptUrl: '/w.js', payStationUrl: 'https://pay.example/paystation4/', sandbox: true } };
const iframeMode: DispatchContext = { ...redirectMode, iframePayment: true };

describe('decidePayment: xsolla', () => {
  it('toasts the errorMessage when there is one', () => {
    expect(decidePayment('xsolla', JSON.stringify({ errorMessage: 'Project disabled' }), redirectMode)).toEqual({
      kind: 'toast',
      text: 'Project disabled',
    });
  });
  it('opens the widget with the token, or the iframe route when iframe payment is on', () => {
    const response = JSON.stringify({ token: 'tok en' });
    expect(decidePayment('xsolla', response, redirectMode)).toEqual({ kind: 'xsolla', token: 'tok en' });
    expect(decidePayment('xsolla', response, iframeMode)).toEqual({
      kind: 'iframe',
      url: 'https://pay.example/paystation4/?token=tok%20en',
    });
  });
  it('says the payment could not start without a token or with garbage', () => {
    expect(decidePayment('xsolla', '{}', redirectMode)).toEqual({ kind: 'toastKey', key: 'payment.startFailed' });
    expect(decidePayment('xsolla', 'not json', redirectMode)).toEqual({ kind: 'toastKey', key: 'payment.startFailed' });
  });
});

describe('decidePayment: paypal', () => {
  const order = { id: 'PP1', status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'self', href: 'https://x/self' }, { rel: 'payer-action', href: 'https://paypal.test/checkoutnow?token=PP1' }] };
  it('redirects to the payer-action link, or opens it in the iframe route', () => {
    expect(decidePayment('paypal', JSON.stringify(order), redirectMode)).toEqual({
      kind: 'redirect',
      url: 'https://paypal.test/checkoutnow?token=PP1',
    });
    expect(decidePayment('paypal', JSON.stringify(order), iframeMode)).toEqual({
      kind: 'iframe',
      url: 'https://paypal.test/checkoutnow?token=PP1',
    });
  });
  it('toasts the error message when there is no link', () => {
    expect(decidePayment('paypal', JSON.stringify({ errorMessage: 'INSTRUMENT_DECLINED' }), redirectMode)).toEqual({
      kind: 'toast',
      text: 'INSTRUMENT_DECLINED',
    });
    expect(decidePayment('paypal', JSON.stringify({ links: [] }), redirectMode).kind).toBe('toastKey');
  });
  it('accepts an already parsed object (re-opened payments)', () => {
    expect(decidePayment('paypal', order, redirectMode).kind).toBe('redirect');
  });
});

describe('decidePayment: payermax', () => {
  const answer = (code: string, redirectUrl?: string, msg?: string) =>
    JSON.stringify({ code, msg, data: redirectUrl ? { redirectUrl } : null });
  it('redirects on APPLY_SUCCESS or ORDER_REPEAT with a redirectUrl', () => {
    expect(decidePayment('payermax', answer('APPLY_SUCCESS', 'https://pm.test/c/1'), redirectMode)).toEqual({
      kind: 'redirect',
      url: 'https://pm.test/c/1',
    });
    expect(decidePayment('payermax', answer('ORDER_REPEAT', 'https://pm.test/c/1'), iframeMode)).toEqual({
      kind: 'redirect',
      url: 'https://pm.test/c/1',
    });
  });
  it('toasts Close Order when one of those codes has no redirectUrl', () => {
    expect(decidePayment('payermax', answer('APPLY_SUCCESS'), redirectMode)).toEqual({
      kind: 'toastKey',
      key: 'payment.closeOrder',
    });
  });
  it('toasts msg for any other code', () => {
    expect(decidePayment('payermax', answer('PARAMS_INVALID', undefined, 'Bad currency'), redirectMode)).toEqual({
      kind: 'toast',
      text: 'Bad currency',
    });
    expect(decidePayment('payermax', answer('SYSTEM_ERROR'), redirectMode)).toEqual({ kind: 'toast', text: 'SYSTEM_ERROR' });
  });
});

describe('xsollaPayStationUrl', () => {
  it('adds the token to the configured Pay Station page', () => {
    const xsolla = { scriptUrl: '', sandbox: false };
    expect(xsollaPayStationUrl({ ...xsolla, payStationUrl: 'https://secure.xsolla.com/paystation4/' }, 't/1')).toBe(
      'https://secure.xsolla.com/paystation4/?token=t%2F1',
    );
    expect(xsollaPayStationUrl({ ...xsolla, payStationUrl: 'http://localhost:8080/sandbox/xsolla/paystation4/?x=1' }, 't')).toBe(
      'http://localhost:8080/sandbox/xsolla/paystation4/?x=1&token=t',
    );
  });
});

describe('payment paths', () => {
  it('builds the return, cancel and iframe routes', () => {
    const target = { orderId: 42, from: 'voucher' as const, channel: 'xsolla' };
    expect(paymentResultPath('return', target)).toBe('/payment/return?from=voucher&orderId=42&channel=xsolla');
    expect(paymentResultPath('cancel', target)).toBe('/payment/cancel?from=voucher&orderId=42&channel=xsolla');
    expect(payIframePath('https://p.test/?a=1&b=2', target)).toBe(
      '/pay?iframeUrl=https%3A%2F%2Fp.test%2F%3Fa%3D1%26b%3D2&from=voucher&orderId=42&channel=xsolla',
    );
  });
});
