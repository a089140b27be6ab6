/** The shop's home (spec section 2: the main screens start at /home). */
export const DEFAULT_AFTER_LOGIN = '/home';

/** Where a guest goes after logging in: ?redirect= or the guard's state, only same-site paths, never back to /login. */
export function afterLoginPath(search: string, state: unknown): string {
  const fromQuery = new URLSearchParams(search).get('redirect');
  const fromState = state && typeof state === 'object' && typeof (state as { from?: unknown }).from === 'string' ? (state as { from: string }).from : null;
  for (const candidate of [fromQuery, fromState]) {
    if (candidate && candidate.startsWith('/') && !candidate.startsWith('//') && !/^\/login(\/|\?|$)/i.test(candidate)) return candidate;
  }
  return DEFAULT_AFTER_LOGIN;
}
