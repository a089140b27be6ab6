import { RETURN_TO_PARAM, safeReturnPath } from '../../../shared/auth/login-return';

/** The shop's home (spec section 2: the main screens start at /home). */
export const DEFAULT_AFTER_LOGIN = '/home';

/** Where a guest goes after logging in (or registering): the ?redirect= the auth screens handed on, if it is a path of this app. */
export function afterLoginPath(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_TO_PARAM)) ?? DEFAULT_AFTER_LOGIN;
}
