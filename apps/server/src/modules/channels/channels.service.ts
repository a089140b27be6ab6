import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_REGION, UNKNOWN_REGION } from '@shop/contract/games';
import type { PayChannel } from '@shop/contract/channels';
import type { ThirdChannelNameValue } from '@shop/contract/orders';
import type { Db } from '../../db/client.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import { payChannels } from '../../db/schema.ts';

/** The list for regions that have none of their own. */
export const ANY_REGION = '*';

type ChannelRow = typeof payChannels.$inferSelect;

/** Channel lists change when operators switch methods on or off; a few seconds of delay is fine. */
const CHANNELS_CACHE_MS = 10_000;

export class ChannelsService {
  private readonly lists = new TtlCache<string, ChannelRow[]>(CHANNELS_CACHE_MS);

  constructor(private readonly db: Db) {}

  /** Channels of a game in a region: the region's own list, else the default list. */
  forRegion(appId: number, region: string): Promise<ChannelRow[]> {
    const regionCode = region === UNKNOWN_REGION ? DEFAULT_REGION : region;
    return this.lists.get(`${appId}:${regionCode}`, () => this.load(appId, regionCode));
  }

  private async load(appId: number, regionCode: string): Promise<ChannelRow[]> {
    const rows = await this.db
      .select()
      .from(payChannels)
      .where(
        and(
          eq(payChannels.appId, appId),
          eq(payChannels.enabled, true),
          sql`${payChannels.regionCode} IN (${regionCode}, ${ANY_REGION})`,
        ),
      )
      .orderBy(asc(payChannels.sort), asc(payChannels.id));
    const own = rows.filter((row) => row.regionCode === regionCode);
    return own.length ? own : rows;
  }

  /** The channel a client picked, if the region really offers it. */
  async offered(appId: number, region: string, pick: { payMethodId: string; thirdChannelId: string }): Promise<ChannelRow | undefined> {
    const rows = await this.forRegion(appId, region);
    return rows.find((row) => row.payMethodId === pick.payMethodId && row.thirdChannelId === pick.thirdChannelId);
  }
}

export const toPayChannel = (row: ChannelRow): PayChannel => ({
  id: row.id,
  payMethodName: row.payMethodName,
  payMethodId: row.payMethodId,
  thirdChannelId: row.thirdChannelId,
  thirdChannelName: row.thirdChannelName as ThirdChannelNameValue,
  payIcon: row.payIcon,
});
