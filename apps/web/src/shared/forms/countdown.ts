import { CODE_RESEND_SECONDS } from '@shop/contract/verification';

/** Whole seconds left before "resend" is offered again; 0 when the countdown is over (or never started). */
export function secondsLeft(startedAt: number | undefined, now: number, length = CODE_RESEND_SECONDS): number {
  if (startedAt === undefined) return 0;
  const left = Math.ceil((startedAt + length * 1000 - now) / 1000);
  return Math.min(length, Math.max(0, left));
}
