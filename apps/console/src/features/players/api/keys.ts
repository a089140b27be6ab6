/** TanStack Query keys of the players area: a change invalidates PLAYERS_KEY (search results, pages, ledgers). */
export const PLAYERS_KEY = ['console', 'players'] as const;
export const playerKey = (id: number) => [...PLAYERS_KEY, 'player', id] as const;
export const roleKey = (gameAccountId: number) => [...PLAYERS_KEY, 'role', gameAccountId] as const;
