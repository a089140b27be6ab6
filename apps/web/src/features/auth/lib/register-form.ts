import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { RegisterBody } from '@shop/contract/account';
import { contactOf, type ContactInput } from '../../../shared/forms/contact';
import { V, checkCode, checkConfirm, checkPassword } from '../../../shared/forms/validation';
import { addProblems } from '../../../shared/forms/form-errors';

/** The register form as the player fills it. */
export interface RegisterFormInput {
  /** ISO 3166-1 alpha-2 country/region of the account. */
  country: string;
  contact: ContactInput;
  code: string;
  password: string;
  confirm: string;
  agree: boolean;
}

/** The order in which the form's problems are shown (the terms last, as the spec's register screen asks). */
export const REGISTER_FORM_FIELDS = ['contact', 'code', 'password', 'confirm', 'agree', 'country'] as const;

/**
 * The form checked with the spec's messages (i18n keys of shared/forms/validation.ts), then turned into the contract's
 * RegisterBody and checked by it as the server will check it.
 */
export const RegisterForm = z
  .object({ country: z.string(), contact: z.custom<ContactInput>(), code: z.string(), password: z.string(), confirm: z.string(), agree: z.boolean() })
  .superRefine((form, context) => {
    const contact = contactOf(form.contact);
    const problems = {
      contact: typeof contact === 'string' ? contact : undefined,
      code: checkCode(form.code, form.contact.kind),
      password: checkPassword(form.password),
      confirm: checkConfirm(form.password, form.confirm),
      agree: form.agree ? undefined : V.agree,
      country: form.country ? undefined : V.required,
    };
    addProblems(context, REGISTER_FORM_FIELDS, problems);
  })
  .transform((form) => {
    const contact = contactOf(form.contact);
    return {
      ...(typeof contact === 'string' ? {} : contact),
      code: form.code.trim(),
      password: form.password,
      confirmPassword: form.confirm,
      countryCode: form.country,
      agreeTerms: form.agree,
    };
  })
  .pipe(RegisterBody);

/** A problem only the contract's body finds (none the checks above let through, so far) still gets a message key. */
const BODY_FIELD_MESSAGES: Record<string, string> = {
  email: V.email,
  mobile: V.number,
  code: V.code,
  password: V.password,
  confirmPassword: V.mismatch,
  agreeTerms: V.agree,
};

export const registerFormResolver = zodResolver(RegisterForm, {
  error: (issue) => BODY_FIELD_MESSAGES[String(issue.path?.[0])] ?? V.required,
});
