/**
 * Where an operator without a session goes: the login, then back to the page asked for. `ended` (the login's "Your
 * session ended" notice) only when there was a session to end: a first visit, or a bookmark opened while signed out,
 * just shows the login.
 */
export function loginPath(from: string, { ended }: { ended: boolean }): string {
  return `/login?${ended ? 'ended=1&' : ''}next=${encodeURIComponent(from)}`;
}
