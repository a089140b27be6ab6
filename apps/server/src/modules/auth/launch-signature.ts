import { createHmac, timingSafeEqual } from 'node:crypto';
import { quickLoginSigningString } from '@shop/contract/auth.schema';

/** How old a signed voucher link may be (and how far in the future, for clock skew). */
export const LAUNCH_SIGNATURE_MAX_AGE_SECONDS = 300;

export interface SignedLaunch {
  accountId: string;
  appId: number;
  roleId: string;
  serverId: string;
  userLevel: number;
  /** When the game signed the link: Unix time in seconds. */
  ts?: number;
  sign?: string;
}

export function signLaunch(fields: Omit<SignedLaunch, 'sign'> & { ts: number }, secret: string): string {
  return createHmac('sha256', secret).update(quickLoginSigningString(fields)).digest('hex');
}

/** True when the game vouched for these parameters with its launch secret within the allowed window. */
export function verifyLaunch(launch: SignedLaunch, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!launch.ts || !launch.sign) return false;
  if (Math.abs(nowSeconds - launch.ts) > LAUNCH_SIGNATURE_MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(signLaunch({ ...launch, ts: launch.ts }, secret), 'hex');
  const given = Buffer.from(launch.sign.toLowerCase(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
