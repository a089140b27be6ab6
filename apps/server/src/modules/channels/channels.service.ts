import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_REGION, UNKNOWN_REGION } from '@shop/contract/games';
import { channelsForDevice, type DevicePlatform, type PayChannel } from '@shop/contract/channels.schema';
import type { ThirdChannelNameValue } from '@shop/contract/orders.schema';
import type { Db } from '../../db/client.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import { payChannels } from '../../db/schema.ts';

/** The list for regions that have none of their own. */
export const ANY_REGION = '*';

type ChannelRow = typeof payChannels.$inferSelect;

/** Channel lists change when operators switch methods on or off; a few seconds of delay is fine. */
export const CHANNELS_CACHE_MS = 10_000;

/**
 * The caller's device from its User-Agent: Android, iOS (iPhone, iPad, iPod) or anything else. (iPadOS that reports
 * itself as a Mac is only recognisable in the browser, which applies the same rules to the list it gets.)
 */
export function devicePlatformOf(userAgent: string | undefined): DevicePlatform {
  if (!userAgent) return 'other';
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return 'other';
}

/** The device rules: the spec's name rule (no Apple Pay on Android, no Google Pay on iOS) and the channel's own list. */
export function channelsOnDevice(rows: ChannelRow[], platform: DevicePlatform): ChannelRow[] {
  const byName = channelsForDevice(rows, platform);
  return platform === 'other' ? byName : byName.filter((row) => !row.hiddenOnDevices.includes(platform));
}

export class ChannelsService {
  private readonly lists = new TtlCache<string, ChannelRow[]>(CHANNELS_CACHE_MS);

  constructor(private readonly db: Db) {}

  /** Drops this instance's cached lists (after a console change; other instances follow within the cache's lifetime). */
  invalidate(): void {
    this.lists.clear();
  }

  /**
   * Channels of a game in a region (the region's own list, else the default list) offered on the caller's device;
   * `platform` 'other' (desktop, or a caller that does not say) applies no device rule.
   */
  async forRegion(appId: number, region: string, platform: DevicePlatform = 'other'): Promise<ChannelRow[]> {
    const regionCode = region === UNKNOWN_REGION ? DEFAULT_REGION : region;
    return channelsOnDevice(await this.lists.get(`${appId}:${regionCode}`, () => this.load(appId, regionCode)), platform);
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

  /** The channel a client picked, if the region really offers it (on the caller's device). */
  async offered(
    appId: number,
    region: string,
    pick: { payMethodId: string; thirdChannelId: string },
    platform: DevicePlatform = 'other',
  ): Promise<ChannelRow | undefined> {
    const rows = await this.forRegion(appId, region, platform);
    return rows.find((row) => row.payMethodId === pick.payMethodId && row.thirdChannelId === pick.thirdChannelId);
  }
}

/** A channel as the client gets it; `chargesLocalCurrency`: whether it charges the region's local prices (ADR 0053). */
export const toPayChannel = (row: ChannelRow, chargesLocalCurrency: boolean): PayChannel => ({
  id: row.id,
  payMethodName: row.payMethodName,
  payMethodId: row.payMethodId,
  thirdChannelId: row.thirdChannelId,
  thirdChannelName: row.thirdChannelName as ThirdChannelNameValue,
  payIcon: row.payIcon,
  chargesLocalCurrency,
});
