import { describe, expect, it } from 'vitest';
import { ApiCode } from '@shop/contract/envelope';
import { ApiError } from '../../../shared/api/api-error';
import { POLL_INTERVAL_MS } from '../../../shared/lib/poll-status';
import { nextOutcomePoll } from './get-payment-outcome';

describe('when the payment return page asks again', () => {
  it('every 1.5 s while the order awaits payment or is processed, and after a failed look-up', () => {
    expect(nextOutcomePoll(undefined, undefined, false)).toBe(POLL_INTERVAL_MS);
    expect(nextOutcomePoll(0, undefined, false)).toBe(POLL_INTERVAL_MS);
    expect(nextOutcomePoll(1, new Error('offline'), false)).toBe(POLL_INTERVAL_MS);
  });

  it('no more once the status is final, the order does not exist or the time is over', () => {
    expect(nextOutcomePoll(2, undefined, false)).toBe(false);
    expect(nextOutcomePoll(undefined, new ApiError(ApiCode.NOT_FOUND, 'not found', 'business'), false)).toBe(false);
    expect(nextOutcomePoll(1, undefined, true)).toBe(false);
  });
});
