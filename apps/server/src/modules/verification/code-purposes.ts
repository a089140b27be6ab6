import { CodePurpose } from '@shop/contract/verification';
import { DomainError, invalid, conflict } from '../../shared/domain-errors.ts';

/** Purposes whose code is only of use to a target that has an account (reset, verify the current phone/e-mail). */
const FOR_ACCOUNT_HOLDERS: ReadonlySet<number> = new Set([CodePurpose.ForgetPassword, CodePurpose.ChangePhone, CodePurpose.ChangeEmail]);

/**
 * send: a code goes out. pretend: the request is checked, counted and answered like a sent code, but nothing is stored or
 * sent (an e-mail without an account; the answer must not tell). An DomainError: the refusal to answer with.
 */
export type SendDecision = 'send' | 'pretend' | DomainError;

/**
 * Whether a code for this purpose can be of any use to this target, decided before anything is counted or sent:
 * - register and bind (1, 3, 5) to a phone/e-mail that has an account: 409, the answer /user/register and
 *   /user/change/{mobile|email} give for it anyway (the code could only lead there);
 * - reset and change (2, 4, 6) to a phone without an account: the spec's "This phone number is not registered";
 * - the same to an e-mail without an account: pretend, so the answer does not tell whether the address has an account.
 */
export function decideSend(channel: 'sms' | 'email', purpose: number, hasAccount: boolean): SendDecision {
  if (!FOR_ACCOUNT_HOLDERS.has(purpose)) return hasAccount ? conflict(channel === 'sms' ? 'mobileInUse' : 'emailInUse') : 'send';
  if (hasAccount) return 'send';
  return channel === 'sms' ? invalid('phoneNotRegistered') : 'pretend';
}
