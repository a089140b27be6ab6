import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@shop/contract/languages';
import type { Executor } from '../../db/client.ts';
import { orderItems, products } from '../../db/schema.ts';
import { pickLocalized } from '../../shared/localized.ts';

export type OrderLineRow = typeof orderItems.$inferSelect;

/** An order's line as a screen shows it in one language. */
export interface ShownLine extends OrderLineRow {
  /** The name to show in the asked language (see orderLinesShown). */
  shownName: string;
  /** The product's description and picture as the catalogue has them now. */
  desc: string;
  thumbnail: string;
}

/**
 * The lines of these orders as shown in `language`, in the order they were written (ADR 0006, docs/adr/0006-order-lines-storage.md). Asked in the order's
 * language, a line shows the name the player read when ordering, whatever the catalogue calls the product since; asked
 * in another language, the product's name in that language now (the line keeps only one language), else still the
 * ordered name. Descriptions and pictures are the product's own: a line does not keep them.
 */
export async function orderLinesShown(executor: Executor, orders: readonly { id: number; language: string }[], language: Language): Promise<ShownLine[]> {
  if (!orders.length) return [];
  const rows = await executor
    .select({
      line: orderItems,
      nameNow: sql<string | null>`${products.names} ->> ${language}::text`,
      descs: products.descs,
      thumbnail: products.thumbnail,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orders.map((order) => order.id)))
    .orderBy(asc(orderItems.id));
  const languages = new Map(orders.map((order) => [order.id, order.language]));
  return rows.map(({ line, nameNow, descs, thumbnail }) => ({
    ...line,
    shownName: languages.get(line.orderId) === language ? line.name : (nameNow ?? line.name),
    desc: pickLocalized(descs, language),
    thumbnail,
  }));
}
