export const APP_IDS = { BREAKING_DEAD: 10030, MYTH_WARS: 10002 } as const;
export type AppId = (typeof APP_IDS)[keyof typeof APP_IDS];
export const DEFAULT_APP_ID: AppId = APP_IDS.BREAKING_DEAD;

/** Game 10002 hides the server name on the voucher screen (spec section 2). */
export const appShowsServerName = (appId: number): boolean => appId !== APP_IDS.MYTH_WARS;

export const DEFAULT_REGION = 'US';
/** The IP lookup answers ZZ when it does not know; the client treats it as the default region. */
export const UNKNOWN_REGION = 'ZZ';
export const DEFAULT_CURRENCY = 'USD';

/** A game's art (issue 14): a wide banner and a square icon, drawn at these sizes in CSS pixels (uploads at 2x or more). */
export const GAME_ART_SIZE = { banner: { width: 750, height: 250 }, icon: { width: 96, height: 96 } } as const;
export type GameArtKind = keyof typeof GAME_ART_SIZE;
/**
 * Where the shop loads a game's art: the server redirects to the image the catalogue names (404 without one), so a
 * page needs only the game's id, never a request of its own before the image.
 */
export const gameArtPath = (appId: number, kind: GameArtKind) => `/media/games/${appId}/${kind}`;
