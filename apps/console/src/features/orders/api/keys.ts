/** TanStack Query keys of the orders area: an action invalidates ORDERS_KEY (search results, order pages, queues). */
export const ORDERS_KEY = ['console', 'orders'] as const;
export const orderKey = (id: number) => [...ORDERS_KEY, 'order', id] as const;
export const QUEUES_KEY = [...ORDERS_KEY, 'queues'] as const;
