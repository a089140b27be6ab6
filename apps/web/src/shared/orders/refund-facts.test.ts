import { describe, expect, it } from 'vitest';
import { refundVoucherFacts } from './refund-facts';

const refund = (vouchersTakenBack: number, vouchersUnrecovered: number) => ({ vouchersTakenBack, vouchersUnrecovered, completeTime: '2025-05-03T12:00:00.000Z' });

describe('refundVoucherFacts', () => {
  it('says nothing about vouchers for goods', () => {
    expect(refundVoucherFacts(refund(0, 0))).toEqual({});
  });

  it('tells a voucher order what was taken back, and what stays with the player when some were spent', () => {
    expect(refundVoucherFacts(refund(499, 0))).toEqual({ takenBack: 499 });
    expect(refundVoucherFacts(refund(399, 100))).toEqual({ takenBack: 399, kept: 100 });
    // all of them spent: nothing could be taken back
    expect(refundVoucherFacts(refund(0, 499))).toEqual({ takenBack: 0, kept: 499 });
  });
});
