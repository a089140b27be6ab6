import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsEventBody, analyticsEvent } from '@shop/contract/analytics';
import { localStore } from '../storage/storage';
import { ANALYTICS_EVENT_PATH, setAnalyticsSink, trackPageView, trackPurchase } from './analytics';

describe('analytics', () => {
  afterEach(() => setAnalyticsSink(undefined));

  it('sends page views and purchases in production only', () => {
    const sink = vi.fn();
    setAnalyticsSink(sink);
    trackPageView('/home', 'test');
    trackPageView('/role', 'development');
    trackPurchase({ transactionId: 'SN1', channel: 'paypal', amount: 4.99, currency: 'USD' }, 'test');
    expect(sink).not.toHaveBeenCalled();
    trackPageView('/home', 'production');
    trackPurchase({ transactionId: 'SN1', channel: 'paypal', amount: 4.99, currency: 'USD' }, 'production');
    expect(sink.mock.calls.map(([name, payload]) => [name, (payload as { path?: string }).path ?? (payload as { transactionId: string }).transactionId])).toEqual([
      ['page_view', '/home'],
      ['purchase', 'SN1'],
    ]);
  });

  it('counts a page once until the route changes', () => {
    const sink = vi.fn();
    setAnalyticsSink(sink);
    trackPageView('/shoppingCart', 'production');
    trackPageView('/shoppingCart', 'production');
    trackPageView('/my', 'production');
    expect(sink).toHaveBeenCalledTimes(2);
  });

  it("names a signed-in player's game and sends their token with the view", () => {
    localStore().setItem('uinfo', JSON.stringify({ appId: 7, roleId: 'r1', serverId: 's1', accountId: 'a1', userLevel: 3 }));
    localStore().setItem('token', JSON.stringify({ data: { token: 'abc', tokenHead: 'Bearer ', expiresIn: 1800 }, time: Date.now(), maxAge: 1_800_000 }));
    try {
      const sink = vi.fn();
      setAnalyticsSink(sink);
      trackPageView('/voucher', 'production');
      expect(sink).toHaveBeenCalledWith('page_view', expect.objectContaining({ path: '/voucher', appId: 7 }), 'Bearer abc');
      expect(AnalyticsEventBody.safeParse({ name: 'page_view', payload: sink.mock.calls[0]![1] }).success).toBe(true);
    } finally {
      localStore().removeItem('uinfo');
      localStore().removeItem('token');
    }
  });

  it('never throws when the sink does', () => {
    setAnalyticsSink(() => {
      throw new Error('blocked');
    });
    expect(() => trackPurchase({ transactionId: 'x', channel: 'xsolla', amount: 1, currency: 'USD' }, 'production')).not.toThrow();
  });

  it("sends what the server's event endpoint accepts", () => {
    expect(ANALYTICS_EVENT_PATH).toBe(analyticsEvent.path);
    const sink = vi.fn();
    setAnalyticsSink(sink);
    trackPageView('/myOrder', 'production');
    trackPurchase({ transactionId: 'SN2', channel: 'xsolla', amount: 9.99, currency: 'USD' }, 'production');
    for (const [name, payload] of sink.mock.calls) {
      expect(AnalyticsEventBody.safeParse({ name, payload, at: new Date().toISOString() }).success).toBe(true);
    }
  });
});
