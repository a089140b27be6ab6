import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CatalogueDocumentInput } from '@shop/contract/console/catalogue';
import { SUPPORTED_LANGUAGES } from '@shop/contract/languages';
import { CHANNELS, GAMES, PRODUCTS } from '../src/db/seed/catalog.ts';
import type { ApiAnswer, TestShop } from './harness.ts';

/** Helpers of the console catalogue's tests (issue 12). */

/** Row counts and a digest of every catalogue table and of the audit log: what a refused change must leave as it was. */
export async function catalogueState(shop: TestShop): Promise<string> {
  const result = await shop.services.db.execute(sql`
    SELECT
      (SELECT md5(coalesce(string_agg(app_id || ':' || name, ',' ORDER BY app_id), '')) FROM games) AS games,
      (SELECT md5(coalesce(string_agg(app_id || ':' || server_id || ':' || server_name || ':' || enabled || ':' || sort, ',' ORDER BY app_id, server_id), '')) FROM game_servers) AS servers,
      (SELECT md5(coalesce(string_agg(to_jsonb(p)::text, ',' ORDER BY id), '')) FROM products p) AS products,
      (SELECT md5(coalesce(string_agg(to_jsonb(c)::text, ',' ORDER BY id), '')) FROM pay_channels c) AS channels,
      (SELECT count(*) FROM media_files) AS media,
      (SELECT count(*) FROM audit_log) AS audit`);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}

/** Sends a change that must be refused: the envelope with `status`, a message, and `state` (a digest) as it was. */
export async function expectRefusedUnchanged(state: () => Promise<string>, status: number, send: () => Promise<ApiAnswer>, message?: RegExp | string): Promise<ApiAnswer> {
  const before = await state();
  const answer = await send();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.code).toBe(status);
  expect(answer.body.data).toBeNull();
  expect(answer.body.message.length).toBeGreaterThan(0);
  if (message) expect(answer.body.message).toMatch(message);
  expect(await state()).toBe(before);
  return answer;
}

/** Sends a console change that must be refused: the envelope with `status`, a message, and no catalogue or audit change. */
export const expectCatalogueRefused = (shop: TestShop, status: number, send: () => Promise<ApiAnswer>, message?: RegExp | string): Promise<ApiAnswer> =>
  expectRefusedUnchanged(() => catalogueState(shop), status, send, message);

export interface AuditRow {
  actor: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
}

/** The audit entries of an entity, oldest first. */
export async function auditOf(shop: TestShop, entityType: string, entityId: string | number): Promise<AuditRow[]> {
  const result = await shop.services.db.execute(
    sql`SELECT actor, action, entity_type, entity_id, before, after FROM audit_log WHERE entity_type = ${entityType} AND entity_id = ${String(entityId)} ORDER BY id`,
  );
  return (result as unknown as { rows: AuditRow[] }).rows;
}

/** Names in every language: "<base> (<language>)". */
export const allLanguages = (base: string) => Object.fromEntries(SUPPORTED_LANGUAGES.map((language) => [language, `${base} (${language})`]));

/** The smallest PNG (1x1, transparent). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The demo catalogue (db/seed/catalog.ts) as a catalogue document: what a publisher imports for a first production load. */
export function demoCatalogueDocument(): CatalogueDocumentInput {
  return {
    version: 1,
    games: GAMES.map((game) => ({
      appId: game.appId,
      name: game.name,
      servers: game.servers.map((server, index) => ({ ...server, sort: (index + 1) * 10 })),
    })),
    products: PRODUCTS.map(({ hidden, ...product }) => ({ ...product, hidden: hidden ?? false })),
    channels: CHANNELS.map((channel) => ({ ...channel })),
  };
}
