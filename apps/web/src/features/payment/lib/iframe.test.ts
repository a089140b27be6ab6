import { describe, expect, it } from 'vitest';
import { xsollaStatusOf } from '../../../shared/payment/providers/xsolla';
import { isAllowedMessageOrigin, isAllowedPaymentUrl } from './iframe';

const hosts = ['https://secure.xsolla.com', 'http://localhost:8080', 'www.paypal.com'];

describe('isAllowedPaymentUrl', () => {
  it('allows only http(s) URLs on a configured origin', () => {
    expect(isAllowedPaymentUrl('https://secure.xsolla.com/paystation4/?token=t', hosts)).toBe(true);
    expect(isAllowedPaymentUrl('http://localhost:8080/sandbox/xsolla/paystation4/?token=t', hosts)).toBe(true);
    expect(isAllowedPaymentUrl('https://www.paypal.com/checkoutnow?token=1', hosts)).toBe(true);
    expect(isAllowedPaymentUrl('https://secure.xsolla.com.evil.test/', hosts)).toBe(false);
    expect(isAllowedPaymentUrl('http://secure.xsolla.com/', hosts)).toBe(false);
    expect(isAllowedPaymentUrl('http://localhost:9999/', hosts)).toBe(false);
    expect(isAllowedPaymentUrl('javascript:alert(1)', hosts)).toBe(false);
    expect(isAllowedPaymentUrl('/relative', hosts)).toBe(false);
    expect(isAllowedPaymentUrl(null, hosts)).toBe(false);
    expect(isAllowedPaymentUrl('https://secure.xsolla.com/', [])).toBe(false);
  });

  it('checks message origins the same way', () => {
    expect(isAllowedMessageOrigin('https://secure.xsolla.com', hosts)).toBe(true);
    expect(isAllowedMessageOrigin('https://evil.test', hosts)).toBe(false);
  });
});

describe('xsollaStatusOf', () => {
  it('reads the status from Xsolla JSON string messages', () => {
    const message = (status: string) => JSON.stringify({ command: 'status', data: { paymentInfo: { status } } });
    expect(xsollaStatusOf(message('done'))).toBe('done');
    expect(xsollaStatusOf(message('troubled'))).toBe('troubled');
    expect(xsollaStatusOf({ command: 'status', data: { paymentInfo: { status: 'invoice' } } })).toBe('invoice');
  });
  it('ignores anything else', () => {
    expect(xsollaStatusOf('hello')).toBeUndefined();
    expect(xsollaStatusOf(JSON.stringify({ command: 'open-status-success' }))).toBeUndefined();
    expect(xsollaStatusOf(null)).toBeUndefined();
    expect(xsollaStatusOf(42)).toBeUndefined();
  });
});
