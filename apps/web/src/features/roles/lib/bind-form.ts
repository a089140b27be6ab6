import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { RoleLookupBody } from '@shop/contract/roles.schema';
import { normaliseGameId } from './games';

/**
 * The bind form's game ID, checked by the contract's lookup body (RoleLookupBody.gameId: trimmed, 1 to 64 characters),
 * then without the inner spaces players paste with it. Its own module: zod and react-hook-form load with the role
 * screen only.
 */
export const BindForm = z.object({ gameId: RoleLookupBody.shape.gameId.transform(normaliseGameId) });
export type BindFormInput = z.input<typeof BindForm>;
export type BindFormValues = z.output<typeof BindForm>;

/** Every problem of the game ID is "Please enter the game ID" (an i18n key, translated where it is shown). */
export const bindFormResolver = zodResolver(BindForm, { error: () => 'role.gameIdRequired' });
