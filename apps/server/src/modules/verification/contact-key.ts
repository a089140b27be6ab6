import type { FastifyRequest } from 'fastify';
import { AccountType, type MobileNumber } from '@shop/contract/verification';
import { normalizeEmail, phoneE164 } from './verification.service.ts';

/**
 * The account a register or code request is about, for its per-account rate limit: the E.164 number or the
 * lower-cased e-mail (the keys the services use), or undefined when the body names none validly (the service refuses
 * such a request anyway; the per-IP limit still counted it).
 */
export function contactKey(request: FastifyRequest): string | undefined {
  const body = request.body as { accountType?: number; mobile?: MobileNumber; email?: string } | undefined;
  try {
    if (body?.accountType === AccountType.mobile && body.mobile) return phoneE164(body.mobile.dialCode, body.mobile.number);
    if (body?.accountType === AccountType.email && body.email !== undefined) return normalizeEmail(body.email);
  } catch {
    // not a valid phone number or address
  }
  return undefined;
}
