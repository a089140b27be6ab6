import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ChangeEmailBody, ChangeMobileBody, CheckBody } from '@shop/contract/account';
import { contactOf, type ContactInput, type ContactKind } from '../../../shared/forms/contact';
import { V, checkCode } from '../../../shared/forms/validation';
import { addProblems } from '../../../shared/forms/form-errors';

/** A problem only the contract's body finds (none the checks below let through, so far) still gets a message key. */
const BODY_FIELD_MESSAGES: Record<string, string> = { email: V.email, mobile: V.number, code: V.code };
const messageOf = (issue: { path?: PropertyKey[] }) => BODY_FIELD_MESSAGES[String(issue.path?.[0])] ?? V.required;

/** Step 1 of a change: the code sent to the current phone or e-mail. */
export interface VerifyCurrentInput {
  code: string;
}

/**
 * The code checked with the spec's message for where it was sent (a phone's "SMS Code Invalid", an e-mail's own), then
 * turned into the contract's CheckBody and checked by it as the server will check it.
 */
export const verifyCurrentResolver = (sentTo: ContactKind) =>
  zodResolver(
    z
      .object({ code: z.string() })
      .superRefine((form, context) => {
        const message = checkCode(form.code, sentTo);
        if (message) context.addIssue({ code: 'custom', path: ['code'], message });
      })
      .transform((form) => ({ code: form.code.trim() }))
      .pipe(CheckBody),
    { error: messageOf },
  );

/** Step 2 (or the only step of a bind): the new phone or e-mail and the code sent to it. */
export interface BindNewInput {
  contact: ContactInput;
  code: string;
  /** From step 1 of a change; none for a first bind. */
  ticket?: string;
}

/** The order in which the form's problems are shown. */
export const BIND_NEW_FIELDS = ['contact', 'code'] as const;

/**
 * The form checked with the spec's messages (i18n keys of shared/forms/validation.ts), then turned into the contract's
 * ChangeEmailBody or ChangeMobileBody (by the contact's kind) and checked by it as the server will check it.
 */
export const BindNewForm = z
  .object({ contact: z.custom<ContactInput>(), code: z.string(), ticket: z.string().optional() })
  .superRefine((form, context) => {
    const contact = contactOf(form.contact);
    const problems = { contact: typeof contact === 'string' ? contact : undefined, code: checkCode(form.code, form.contact.kind) };
    addProblems(context, BIND_NEW_FIELDS, problems);
  })
  .transform((form): ChangeEmailBody | ChangeMobileBody => {
    const contact = contactOf(form.contact);
    // a wrong contact has its issue above, which stops the form before the contract's body
    if (typeof contact === 'string') return z.NEVER;
    const ticket = form.ticket ? { ticket: form.ticket } : {};
    const code = form.code.trim();
    return 'email' in contact ? { ...ticket, email: contact.email, code } : { ...ticket, mobile: contact.mobile, code };
  })
  .pipe(z.union([ChangeEmailBody, ChangeMobileBody]));

export const bindNewResolver = zodResolver(BindNewForm, { error: messageOf });
