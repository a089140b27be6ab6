import type { z } from 'zod';
import type { RuntimeConfig as RuntimeConfigSchema } from './runtime-config.schema.ts';

/**
 * Configuration the server injects into index.html (a JSON data block with id "shop-config"), so one build serves
 * production, test and development. The schema: runtime-config.schema.ts (the web checks its shape without zod).
 */
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

export const RUNTIME_CONFIG_ELEMENT_ID = 'shop-config';

export const RUNTIME_ENVIRONMENTS = ['production', 'test', 'development'] as const;
