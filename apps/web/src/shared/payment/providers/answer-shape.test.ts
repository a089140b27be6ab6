import { describe, expect, it } from 'vitest';
import { PayermaxPayResponse, PaypalPayResponse, XsollaPayResponse } from '@shop/contract/checkout.schema';
import { isPayermaxAnswer } from './payermax';
import { isPaypalAnswer } from './paypal';
import { isXsollaAnswer } from './xsolla';

// answers of every shape the providers' checks tell apart, right and wrong
const SAMPLES: unknown[] = [
  {},
  null,
  'text',
  42,
  [],
  { token: 't' },
  { token: 1 },
  { token: null },
  { errorMessage: 'declined' },
  { errorMessage: ['declined'] },
  { id: 'P1', status: 'CREATED', links: [] },
  { id: 7 },
  { links: [{ rel: 'payer-action', href: 'https://p.test' }] },
  { links: [{ rel: 'approve', href: 'https://p.test', method: 'GET' }] },
  { links: [{ rel: 'approve', href: 'https://p.test', method: 1 }] },
  { links: [{ rel: 'approve' }] },
  { links: [null] },
  { links: 'none' },
  { code: 'APPLY_SUCCESS', data: { redirectUrl: 'https://pm.test' } },
  { code: 'APPLY_SUCCESS', data: null },
  { code: 'ORDER_REPEAT', msg: 'again' },
  { code: 'SYSTEM_ERROR', msg: 3 },
  { code: 'APPLY_SUCCESS', data: { redirectUrl: 5 } },
  { code: 'APPLY_SUCCESS', data: 'url' },
  { code: 1 },
];

describe("the providers' answer checks", () => {
  it.each([
    ['XsollaPayResponse', isXsollaAnswer, XsollaPayResponse],
    ['PaypalPayResponse', isPaypalAnswer, PaypalPayResponse],
    ['PayermaxPayResponse', isPayermaxAnswer, PayermaxPayResponse],
  ] as const)('accept what the contract schema %s accepts, and nothing else', (_, check, schema) => {
    for (const sample of SAMPLES) expect([sample, check(sample)]).toEqual([sample, schema.safeParse(sample).success]);
  });
});
