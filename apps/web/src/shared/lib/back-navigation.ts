import { authFlowQuery } from '../auth/login-return';

/**
 * Where a screen's back control goes: a fixed screen (opened with `replace`, so the browser's Back does not return to the
 * screen just left), or one step back in history, with a fallback for a screen opened directly (nothing to go back to).
 */
export type BackTarget = { kind: 'fixed'; to: string } | { kind: 'history'; fallback: string };

/** Spec section 2: from ForgetPassword or RegisterAccount to Login; from ChangePhone, ChangeEmail, BindPhone or BindEmail to PersonalCenter; from PersonalCenter to My. */
const FIXED_TARGETS: Record<string, string> = {
  '/login/forgetpassword': '/login',
  '/login/registeraccount': '/login',
  '/my/changephone': '/my/personalCenter',
  '/my/changeemail': '/my/personalCenter',
  '/my/bindphone': '/my/personalCenter',
  '/my/bindemail': '/my/personalCenter',
  '/my/personalcenter': '/my',
};

/** "One step back" from a screen opened directly: its parent screen where it has an obvious one, else the shop's home. */
const FALLBACKS: Record<string, string> = {
  '/my/changepassword': '/my/personalCenter',
  '/myorder': '/my',
};
const LOGGED_IN_FALLBACK = '/home';

/** The spec's back rule for the screen at `pathname`; `search` is the screen's query (auth screens hand theirs on). */
export function backTarget(pathname: string, search: string): BackTarget {
  const key = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  const authScreen = key === '/login' || key.startsWith('/login/');
  // the return target and the game stay with the guest while he moves between the auth screens
  const carried = authScreen ? authFlowQuery(search) : '';
  const fixed = FIXED_TARGETS[key];
  if (fixed) return { kind: 'fixed', to: fixed + carried };
  return { kind: 'history', fallback: authScreen ? `/login${carried}` : (FALLBACKS[key] ?? LOGGED_IN_FALLBACK) };
}

/**
 * Whether the tab holds an earlier entry of this app to go back to. react-router's BrowserRouter numbers the entries it
 * creates in `history.state.idx` (0 for the first one in this document, kept across reloads), so idx > 0 means the
 * previous entry is one of ours, not another site or an empty tab.
 */
export function hasPreviousAppEntry(state: unknown = window.history.state): boolean {
  const idx = state && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' && idx > 0;
}
