/** TanStack Query keys of local prices: a change invalidates PRICING_KEY (countries, rates, price points, previews). */
export const PRICING_KEY = ['console', 'pricing'] as const;
export const countriesKey = [...PRICING_KEY, 'countries'] as const;
export const ratesKey = [...PRICING_KEY, 'rates'] as const;
export const productPricesKey = (productId: number) => [...PRICING_KEY, 'product', productId] as const;
export const previewKey = (productId: number, regionCode: string) => [...PRICING_KEY, 'preview', productId, regionCode] as const;
export const gamesKey = [...PRICING_KEY, 'games'] as const;
export const productSearchKey = (appId: number, text: string) => [...PRICING_KEY, 'products', appId, text] as const;
