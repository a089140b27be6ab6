import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LoginBody, LoginType } from '@shop/contract/account';
import { contactOf, type ContactInput } from '../../../shared/forms/contact';
import { V, checkPassword } from '../../../shared/forms/validation';
import { addProblems } from '../../../shared/forms/form-errors';

/** The password login form as the player fills it (the tab decides the contact's kind, the game is added on sending). */
export interface LoginFormInput {
  contact: ContactInput;
  password: string;
}

/** The order in which the form's problems are shown. */
export const LOGIN_FORM_FIELDS = ['contact', 'password'] as const;

/**
 * The form checked with the spec's messages (i18n keys of shared/forms/validation.ts), then turned into the contract's
 * LoginBody and checked by it as the server will check it.
 */
export const LoginForm = z
  .object({ contact: z.custom<ContactInput>(), password: z.string() })
  .superRefine((form, context) => {
    const contact = contactOf(form.contact);
    const problems = { contact: typeof contact === 'string' ? contact : undefined, password: checkPassword(form.password) };
    addProblems(context, LOGIN_FORM_FIELDS, problems);
  })
  .transform((form): LoginBody => {
    const contact = contactOf(form.contact);
    // a wrong contact has its issue above, which stops the form before the contract's body
    if (typeof contact === 'string') return z.NEVER;
    return 'email' in contact
      ? { loginType: LoginType.email, email: contact.email, password: form.password }
      : { loginType: LoginType.mobile, mobile: contact.mobile, password: form.password };
  })
  .pipe(LoginBody);

/** A problem only the contract's body finds (none the checks above let through, so far) still gets a message key. */
const BODY_FIELD_MESSAGES: Record<string, string> = { email: V.email, mobile: V.number, password: V.password };

export const loginFormResolver = zodResolver(LoginForm, {
  error: (issue) => BODY_FIELD_MESSAGES[String(issue.path?.[0])] ?? V.required,
});
