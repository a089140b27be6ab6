import type { FastifyRequest } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { basicCredentials } from '../shared/body.ts';
import { safeEqual } from '../shared/secure.ts';
import { XsollaError } from './errors.ts';

/** preHandler for the merchant API: HTTP Basic merchant_id:api_key, and the merchant in the path must match. */
export async function requireMerchant(request: FastifyRequest<{ Params: { merchantId: string } }>): Promise<void> {
  const { merchantId, apiKey } = SANDBOX_CREDENTIALS.xsolla;
  const credentials = basicCredentials(request);
  if (
    !credentials ||
    !safeEqual(credentials[0], merchantId) ||
    !safeEqual(credentials[1], apiKey) ||
    request.params.merchantId !== merchantId
  ) {
    throw new XsollaError(401, 'Invalid credentials. Check the merchant ID and API key.');
  }
}
