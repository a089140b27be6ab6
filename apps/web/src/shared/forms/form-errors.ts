import type { FieldErrors, FieldValues } from 'react-hook-form';

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
