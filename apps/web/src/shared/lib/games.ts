import { APP_IDS } from '@shop/contract/games';

/** The two games (proper names, the same in every language). */
export const GAMES = [
  { appId: APP_IDS.BREAKING_DEAD, name: 'Breaking Dead' },
  { appId: APP_IDS.MYTH_WARS, name: 'Myth Wars & Puzzles' },
] as const;
