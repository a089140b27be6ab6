import type { FieldErrors, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * The i18n key of a form's first problem in field order (the forms show one message at a time, spec section 5); ''
 * when there is none. A form's resolver puts the keys of shared/forms/validation.ts into the errors' messages.
 */
export function firstErrorKey<T extends FieldValues>(errors: FieldErrors<T>, order: readonly (keyof T & string)[]): string {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return '';
}

/**
 * Adds a form's problems (i18n keys, undefined where a field is fine) to a resolver's zod context in field order, each on
 * its field's path: `firstErrorKey` then shows the first.
 */
export function addProblems<F extends string>(
  context: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
  order: readonly F[],
  problems: Record<F, string | undefined>,
): void {
  for (const field of order) {
    const message = problems[field];
    if (message) context.addIssue({ code: 'custom', path: [field], message });
  }
}

/**
 * A code field's `onInvalid` (shared/forms/CodeField.tsx): what "get code" found wrong (an i18n key) becomes the error of
 * `field`, so it follows the forms' one-message rule; '' (the target is fine) clears the form's errors.
 */
export function problemOn<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'setError' | 'clearErrors'>, field: FieldPath<T>) {
  return (key: string) => (key ? form.setError(field, { message: key }) : form.clearErrors());
}
