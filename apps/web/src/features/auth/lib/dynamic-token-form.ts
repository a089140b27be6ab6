import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DynamicTokenBody } from '@shop/contract/account';
import { V } from '../../../shared/forms/validation';

/** The dynamic-token form as the player fills it (pasted from the game's settings). */
export interface DynamicTokenFormInput {
  token: string;
}

/**
 * The contract's DynamicTokenBody (trimmed). An empty token is "missing"; anything else the contract refuses (too long,
 * control characters) gets the message the server gives a token it does not accept, without asking it.
 */
export const DynamicTokenForm = z.object({ token: z.string() }).transform((form, context) => {
  const body = DynamicTokenBody.safeParse(form);
  if (body.success) return body.data;
  context.addIssue({ code: 'custom', path: ['token'], message: form.token.trim() ? V.dynamicToken : V.required });
  return z.NEVER;
});

export const dynamicTokenFormResolver = zodResolver(DynamicTokenForm);
