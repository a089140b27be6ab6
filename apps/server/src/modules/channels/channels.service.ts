import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_REGION, UNKNOWN_REGION } from '@shop/contract/games';
import type { PayChannel } from '@shop/contract/channels';
import type { ThirdChannelNameValue } from '@shop/contract/orders';
import type { Db, Executor } from '../../db/client.ts';
import { payChannels } from '../../db/schema.ts';

/** The list for regions that have none of their own. */
export const ANY_REGION = '*';

type ChannelRow = typeof payChannels.$inferSelect;

export class ChannelsService {
  constructor(private readonly db: Db) {}

  /** Channels of a game in a region: the region's own list, else the default list. One query either way. */
  async forRegion(appId: number, region: string, executor: Executor = this.db): Promise<ChannelRow[]> {
    const regionCode = region === UNKNOWN_REGION ? DEFAULT_REGION : region;
    const rows = await executor
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
  async offered(
    executor: Executor,
    appId: number,
    region: string,
    pick: { payMethodId: string; thirdChannelId: string },
  ): Promise<ChannelRow | undefined> {
    const rows = await this.forRegion(appId, region, executor);
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
