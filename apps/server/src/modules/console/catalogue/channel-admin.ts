import { and, asc, eq } from 'drizzle-orm';
import type { ChannelView, Device } from '@shop/contract/console/catalogue';
import type { Db, Executor } from '../../../db/client.ts';
import { payChannels } from '../../../db/schema.ts';
import type { StateChange } from '../../../shared/audit.ts';
import { conflict, notFound } from '../../../shared/domain-errors.ts';
import { requireGameRow, toChannelView } from './catalogue-rows.ts';

/** A game's payment channels by region: the list, adding one, changing one. */
export class ChannelAdmin {
  constructor(private readonly db: Db) {}

  async channels(appId: number, regionCode?: string): Promise<ChannelView[]> {
    await requireGameRow(this.db, appId);
    const rows = await this.db
      .select()
      .from(payChannels)
      .where(and(eq(payChannels.appId, appId), regionCode !== undefined ? eq(payChannels.regionCode, regionCode) : undefined))
      .orderBy(asc(payChannels.regionCode), asc(payChannels.sort), asc(payChannels.id));
    return rows.map(toChannelView);
  }

  async createChannel(
    tx: Executor,
    body: Omit<ChannelView, 'id' | 'sort' | 'enabled' | 'hiddenOnDevices'> & { sort?: number | undefined; enabled?: boolean | undefined; hiddenOnDevices?: Device[] | undefined },
  ): Promise<ChannelView> {
    await requireGameRow(tx, body.appId);
    const [created] = await tx
      .insert(payChannels)
      .values({
        appId: body.appId,
        regionCode: body.regionCode,
        payMethodName: body.payMethodName,
        payMethodId: body.payMethodId,
        thirdChannelId: body.thirdChannelId,
        thirdChannelName: body.thirdChannelName,
        payIcon: body.payIcon,
        sort: body.sort ?? 0,
        enabled: body.enabled ?? true,
        hiddenOnDevices: body.hiddenOnDevices ?? [],
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict('catalogueChannelExists');
    return toChannelView(created);
  }

  /** `change` is null when the body set nothing (no write, no audit entry). */
  async updateChannel(
    tx: Executor,
    id: number,
    body: { payMethodName?: string | undefined; payIcon?: string | undefined; sort?: number | undefined; enabled?: boolean | undefined; hiddenOnDevices?: Device[] | undefined },
  ): Promise<{ view: ChannelView; change: StateChange<ChannelView, ChannelView> | null }> {
    const [before] = await tx.select().from(payChannels).where(eq(payChannels.id, id)).for('no key update');
    if (!before) throw notFound('catalogueChannelNotFound');
    const set = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    if (!Object.keys(set).length) return { view: toChannelView(before), change: null };
    const [after] = await tx.update(payChannels).set(set).where(eq(payChannels.id, id)).returning();
    return { view: toChannelView(after!), change: { before: toChannelView(before), after: toChannelView(after!) } };
  }
}
