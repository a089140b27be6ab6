import { z } from 'zod';

export * from './envelope.ts';

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });
