import { GAME_LOGIN_METHODS, type LoginMethod } from '@shop/contract/account';
import { DEFAULT_APP_ID, type AppId } from '@shop/contract/games';
import { GAME_PARAM, supportedGame } from '../../../shared/auth/login-return';
import type { ContactKind } from '../../../shared/forms/contact';

/** Register tab map (spec section 3): 0 email, 1 mobile. */
const REGISTER_TABS: readonly ContactKind[] = ['email', 'mobile'];

const methodsOf = (appId: number): readonly LoginMethod[] => GAME_LOGIN_METHODS[appId] ?? GAME_LOGIN_METHODS[DEFAULT_APP_ID] ?? ['email'];

/** The game the auth screens are for: ?appId= (one of the two games), else the saved player's game, else 10030. */
export function authGame(search: string, savedAppId: number | undefined): AppId {
  return supportedGame(new URLSearchParams(search).get(GAME_PARAM)) ?? supportedGame(savedAppId) ?? DEFAULT_APP_ID;
}

/** The login tabs for a game: its allowed methods, without otp when the feature is off. */
export function loginMethods(appId: number, otpEnabled: boolean): LoginMethod[] {
  return methodsOf(appId).filter((method) => method !== 'otp' || otpEnabled);
}

/** The register tabs for a game: only what its players can log in with afterwards (10030 logs in by e-mail, not phone). */
export function registerMethods(appId: number): ContactKind[] {
  const allowed = methodsOf(appId);
  return REGISTER_TABS.filter((kind) => allowed.includes(kind));
}
