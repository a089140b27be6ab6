import { GAME_LOGIN_METHODS, type LoginMethod } from '@shop/contract/account';

export const DEFAULT_APP_ID = 10030;

/** The login tabs for a game: its allowed methods, without otp when the feature is off. */
export function loginMethods(appId: number | undefined, otpEnabled: boolean): LoginMethod[] {
  const methods = GAME_LOGIN_METHODS[appId ?? DEFAULT_APP_ID] ?? GAME_LOGIN_METHODS[DEFAULT_APP_ID] ?? ['email'];
  return methods.filter((method) => method !== 'otp' || otpEnabled);
}
