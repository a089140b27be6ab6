import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DynamicTokenBody } from '@shop/contract/account';
import { V } from '../../../shared/forms/validation';

/** The dynamic-token form as the player fills it (pasted from the game's settings). */
export interface DynamicTokenFormInput {
  token: string;
}

/**
 * An empty token is "missing"; anything the contract refuses (too long, control characters) gets the message the server
 * gives a token it does not accept, without asking it. Then the contract's DynamicTokenBody (trimmed).
 */
export const DynamicTokenForm = z
  .object({ token: z.string() })
  .superRefine((form, context) => {
    const problem = !form.token.trim() ? V.required : DynamicTokenBody.safeParse(form).success ? undefined : V.dynamicToken;
    if (problem) context.addIssue({ code: 'custom', path: ['token'], message: problem });
  })
  .pipe(DynamicTokenBody);

export const dynamicTokenFormResolver = zodResolver(DynamicTokenForm);
