import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ChangePasswordBody } from '@shop/contract/account';
import { V, checkConfirm, checkPassword } from '../../../shared/forms/validation';
import { addProblems } from '../../../shared/forms/form-errors';

/** The change-password form as the player fills it. */
export interface ChangePasswordFormInput {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** The order in which the form's problems are shown. */
export const CHANGE_PASSWORD_FORM_FIELDS = ['oldPassword', 'password', 'confirm'] as const;

/**
 * The form checked with the spec's messages (the passwords' length, the confirmation), then turned into the contract's
 * ChangePasswordBody and checked by it as the server will check it.
 */
export const ChangePasswordForm = z
  .object({ oldPassword: z.string(), password: z.string(), confirm: z.string() })
  .superRefine((form, context) => {
    addProblems(context, CHANGE_PASSWORD_FORM_FIELDS, {
      oldPassword: checkPassword(form.oldPassword),
      password: checkPassword(form.password),
      confirm: checkConfirm(form.password, form.confirm),
    });
  })
  .transform((form) => ({ oldPassword: form.oldPassword, password: form.password, confirmPassword: form.confirm }))
  .pipe(ChangePasswordBody);

/** A problem only the contract's body finds (none the checks above let through, so far) still gets a message key. */
const BODY_FIELD_MESSAGES: Record<string, string> = { oldPassword: V.password, password: V.password, confirmPassword: V.mismatch };

export const changePasswordFormResolver = zodResolver(ChangePasswordForm, {
  error: (issue) => BODY_FIELD_MESSAGES[String(issue.path?.[0])] ?? V.required,
});
