import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { EXCLUDED_PRODUCT_ID } from '@shop/contract/catalog.schema';
import {
  productRuleViolations,
  productValuesOf,
  type ProductCreateBody,
  type ProductUpdateBody,
  type ProductValues,
  type ProductView,
  type RuleViolation,
} from '@shop/contract/console/catalogue';
import { INT4_MAX } from '@shop/contract/fields';
import type { z } from 'zod';
import type { Db, Executor } from '../../../db/client.ts';
import { products } from '../../../db/schema.ts';
import type { StateChange } from '../../../shared/audit.ts';
import { invalid, notFound, conflict } from '../../../shared/domain-errors.ts';
import type { MessageKey } from '../../../i18n/messages.ts';
import { computePricePoints } from '../../pricing/price-points.ts';
import { productColumns, productValuesOfRow, requireGameRow, toProductView } from './catalogue-rows.ts';

/** Advisory lock of product id allocation (two creates at once get different ids). */
const PRODUCT_ID_LOCK = 727_020;

/** Roles that claimed a gift (written out: drizzle leaves columns unqualified inside a scalar subquery). */
const claimedCount = sql<number>`(SELECT count(*) FROM gift_claims gc WHERE gc.product_id = "products"."id")`.mapWith(Number);

/** Escapes LIKE's wildcards so that a search for "50%" finds "50%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The first broken rule as the error the operator reads. */
function refuseViolations(violations: RuleViolation[]): void {
  const [first] = violations;
  if (first) throw invalid(first.rule satisfies MessageKey);
}

/** A new base price recomputes the product's computed points (ADR 0050); an operator's prices are kept. */
export const basePriceChanged = (before: ProductValues, after: ProductValues): boolean =>
  before.priceMinor !== after.priceMinor || before.discountPriceMinor !== after.discountPriceMinor || before.currency !== after.currency;

/** A product as its audit entry keeps it: its id, version and values. */
type ProductState = ProductValues & { id: number; version: number };

/** The console's products: the list, one product, creating and changing one (checked against the rules). */
export class ProductAdmin {
  constructor(private readonly db: Db) {}

  async listProducts(query: {
    appId?: number | undefined;
    goodsType?: number | undefined;
    status?: 'on' | 'off' | undefined;
    text?: string | undefined;
    page: number;
    pageSize: number;
  }): Promise<{ items: ProductView[]; total: number }> {
    const conditions: (SQL | undefined)[] = [
      query.appId !== undefined ? eq(products.appId, query.appId) : undefined,
      query.goodsType !== undefined ? eq(products.goodsType, query.goodsType) : undefined,
      query.status === 'on' ? eq(products.hidden, false) : query.status === 'off' ? eq(products.hidden, true) : undefined,
    ];
    if (query.text) {
      const pattern = likePattern(query.text);
      const id = /^\d{1,10}$/.test(query.text) && Number(query.text) <= INT4_MAX ? Number(query.text) : undefined;
      conditions.push(
        or(
          id !== undefined ? eq(products.id, id) : undefined,
          ilike(products.productSn, pattern),
          sql`${products.names}::text ILIKE ${pattern}`,
        ),
      );
    }
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ product: products, claimed: claimedCount })
        .from(products)
        .where(where)
        .orderBy(asc(products.appId), asc(products.goodsType), asc(products.sort), asc(products.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(products).where(where),
    ]);
    const now = Date.now();
    return { items: rows.map((row) => toProductView(row.product, row.claimed, now)), total: total?.n ?? 0 };
  }

  async product(id: number, executor: Executor = this.db): Promise<ProductView> {
    const [row] = await executor.select({ product: products, claimed: claimedCount }).from(products).where(eq(products.id, id));
    if (!row) throw notFound('catalogueProductNotFound');
    return toProductView(row.product, row.claimed);
  }

  /** The next free product id (9521 is skipped: the spec excludes that id from the shop forever). */
  private async nextProductId(tx: Executor): Promise<number> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PRODUCT_ID_LOCK})`);
    const [row] = await tx.select({ max: sql<number | null>`max(${products.id})`.mapWith(Number) }).from(products);
    let next = (row?.max ?? 0) + 1;
    if (next === EXCLUDED_PRODUCT_ID) next++;
    if (next > INT4_MAX) throw conflict('conflict');
    return next;
  }

  private async requireFreeProductSn(tx: Executor, productSn: string, id?: number): Promise<void> {
    const [holder] = await tx.select({ id: products.id }).from(products).where(eq(products.productSn, productSn));
    if (holder && holder.id !== id) throw conflict('catalogueProductSnTaken', { productSn, id: holder.id });
  }

  async createProduct(tx: Executor, body: z.output<typeof ProductCreateBody>): Promise<{ view: ProductView; after: ProductState }> {
    const values = productValuesOf(body);
    refuseViolations(productRuleViolations(values));
    await requireGameRow(tx, values.appId);
    await this.requireFreeProductSn(tx, values.productSn);
    const id = await this.nextProductId(tx);
    const [created] = await tx
      .insert(products)
      .values({ id, ...productColumns(values) })
      .returning();
    // Its local prices are computed in the same transaction (ADR 0050): a new product never sells without them.
    await computePricePoints(tx, { productIds: [id] });
    return { view: toProductView(created!, 0), after: { id, version: created!.version, ...productValuesOfRow(created!) } };
  }

  async updateProduct(tx: Executor, id: number, body: z.output<typeof ProductUpdateBody>): Promise<{ view: ProductView } & StateChange<ProductState, ProductState>> {
    // NO KEY UPDATE: orders referencing the product (FOR KEY SHARE) are not blocked by the edit.
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('no key update');
    if (!row) throw notFound('catalogueProductNotFound');
    const before = productValuesOfRow(row);
    const defined = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<ProductValues>;
    for (const key of ['saleStartsAt', 'saleEndsAt'] as const) {
      const value = defined[key];
      if (value) defined[key] = new Date(value).toISOString();
    }
    const after: ProductValues = { ...before, ...defined };
    refuseViolations(productRuleViolations(after, { id, switchingOn: row.hidden && body.hidden === false }));
    if (after.productSn !== before.productSn) await this.requireFreeProductSn(tx, after.productSn, id);
    const [updated] = await tx
      .update(products)
      .set({ ...productColumns(after), updatedAt: sql`now()` })
      .where(eq(products.id, id))
      .returning();
    if (basePriceChanged(before, after)) await computePricePoints(tx, { productIds: [id] });
    const view = await this.product(id, tx);
    return {
      view: { ...view, updatedAt: updated!.updatedAt.toISOString() },
      before: { id, version: row.version, ...before },
      after: { id, version: updated!.version, ...after },
    };
  }

  /** Two creates or edits raced to one product code: the database's unique index answers, in the operator's words. */
  productSnRefusal(error: unknown, productSn: string): unknown {
    return isUniqueViolation(error) ? conflict('catalogueProductSnTaken', { productSn, id: '?' }) : error;
  }
}
