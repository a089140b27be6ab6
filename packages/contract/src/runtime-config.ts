/**
 * Configuration the server injects into index.html (a JSON data block with id "shop-config"), so one build serves
 * production, test and development. The schema and its type: runtime-config.schema.ts (the web checks its shape without
 * zod, so it takes only the type from there).
 */
export type { RuntimeConfig } from './runtime-config.schema.ts';

export const RUNTIME_CONFIG_ELEMENT_ID = 'shop-config';

export const RUNTIME_ENVIRONMENTS = ['production', 'test', 'development'] as const;
