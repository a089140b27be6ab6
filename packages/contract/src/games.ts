export const APP_IDS = { BREAKING_DEAD: 10030, MYTH_WARS: 10002 } as const;
export type AppId = (typeof APP_IDS)[keyof typeof APP_IDS];
export const DEFAULT_APP_ID: AppId = APP_IDS.BREAKING_DEAD;

/** Game 10002 hides the server name on the voucher screen (spec section 2). */
export const appShowsServerName = (appId: number): boolean => appId !== APP_IDS.MYTH_WARS;

export const DEFAULT_REGION = 'US';
/** The IP lookup answers ZZ when it does not know; the client treats it as the default region. */
export const UNKNOWN_REGION = 'ZZ';
export const DEFAULT_CURRENCY = 'USD';
