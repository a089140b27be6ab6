/** TanStack Query keys of the catalogue area: a change invalidates CATALOGUE_KEY (games, servers, products, channels). */
export const CATALOGUE_KEY = ['console', 'catalogue'] as const;
export const gamesKey = [...CATALOGUE_KEY, 'games'] as const;
export const serversKey = (appId: number) => [...CATALOGUE_KEY, 'servers', appId] as const;
export const productsKey = [...CATALOGUE_KEY, 'products'] as const;
export const productKey = (id: number) => [...CATALOGUE_KEY, 'product', id] as const;
export const channelsKey = (appId: number, regionCode?: string) => [...CATALOGUE_KEY, 'channels', appId, regionCode ?? '-'] as const;
