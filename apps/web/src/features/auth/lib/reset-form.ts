import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ResetPasswordBody } from '@shop/contract/account';
import { contactOf, type ContactInput } from '../../../shared/forms/contact';
import { V, checkCode, checkConfirm, checkPassword } from '../../../shared/forms/validation';
import { addProblems } from '../../../shared/forms/form-errors';

/** The forget-password form as the player fills it. */
export interface ResetFormInput {
  contact: ContactInput;
  code: string;
  password: string;
  confirm: string;
}

/** The order in which the form's problems are shown. */
export const RESET_FORM_FIELDS = ['contact', 'code', 'password', 'confirm'] as const;

/**
 * The form checked with the spec's messages (i18n keys of shared/forms/validation.ts: the phone number by
 * libphonenumber, the code's 6 digits, the password's length, the confirmation), then turned into the contract's
 * ResetPasswordBody and checked by it as the server will check it.
 */
export const ResetForm = z
  .object({ contact: z.custom<ContactInput>(), code: z.string(), password: z.string(), confirm: z.string() })
  .superRefine((form, context) => {
    const contact = contactOf(form.contact);
    const problems = {
      contact: typeof contact === 'string' ? contact : undefined,
      code: checkCode(form.code, form.contact.kind),
      password: checkPassword(form.password),
      confirm: checkConfirm(form.password, form.confirm),
    };
    addProblems(context, RESET_FORM_FIELDS, problems);
  })
  .transform((form) => {
    const contact = contactOf(form.contact);
    return { ...(typeof contact === 'string' ? {} : contact), code: form.code.trim(), password: form.password, confirmPassword: form.confirm };
  })
  .pipe(ResetPasswordBody);

/** A problem only the contract's body finds (none the checks above let through, so far) still gets a message key. */
const BODY_FIELD_MESSAGES: Record<string, string> = { email: V.email, mobile: V.number, code: V.code, password: V.password, confirmPassword: V.mismatch };

export const resetFormResolver = zodResolver(ResetForm, {
  error: (issue) => BODY_FIELD_MESSAGES[String(issue.path?.[0])] ?? V.required,
});
