import { queryOptions } from '@tanstack/react-query';
import type { Language } from '@shop/contract/languages';
import { loginWithPlayerInfo } from '../../../shared/auth/quick-login';
import { userInfoKey } from '../../../shared/account/user-info-key';
import { clearToken } from '../../../shared/storage/token';
import { savePlayerInfo, type PlayerInfo } from '../../../shared/storage/uinfo';
import { patchClientState, useClientStore } from '../../../shared/store/client-store';
import { fetchChannels, fetchChannelsForIp, fetchCountries, fetchIpCountry, fetchUserInfo, fetchVoucherList } from './voucher-api';

/**
 * The voucher page's reads as query options: the page's hook uses them, and the entry (../preload.ts) puts its early
 * calls into the cache under the same keys before React renders, so the first render does not ask again.
 * `entryKey`: how this visit got its session (preload.ts entryKeyOf).
 */
export const voucherQueries = {
  /** The launch's quick login: the player info is saved and a stale token dropped first, so no call carries it. */
  login: (entryKey: string, player: PlayerInfo | undefined) =>
    queryOptions({
      queryKey: ['voucher', 'login', entryKey] as const,
      queryFn: () => {
        if (!player) throw new Error('only a launch logs in');
        savePlayerInfo(player);
        clearToken();
        return loginWithPlayerInfo(player);
      },
      // a refused login is shown with a Retry; it is never sent again on its own
      retry: false,
      staleTime: Infinity,
    }),
  user: (entryKey: string) =>
    queryOptions({ queryKey: [...userInfoKey, 'voucher', entryKey] as const, queryFn: fetchUserInfo }),
  /**
   * Priced in the region the selector shows (ADR 0050). Cached per game in the client state too (shown at once on the
   * next visit in the same region, names in the language they came in).
   */
  vouchers: (appId: number, region: string, language: Language) =>
    queryOptions({
      queryKey: ['voucher', 'list', appId, region, language] as const,
      queryFn: async () => {
        const cached = useClientStore.getState().voucherLists[String(appId)];
        const list = await fetchVoucherList(appId, region, cached?.language === language && cached.region === region);
        keepVoucherList(appId, region, language, list);
        return list;
      },
    }),
  /** null: the lookup failed (the default region is used). */
  ipCountry: () =>
    queryOptions({ queryKey: ['voucher', 'ip-country'] as const, queryFn: () => fetchIpCountry().catch(() => null), staleTime: Infinity }),
  /** regionCode null: the caller's own region (the server looks the IP up). */
  channels: (appId: number, regionCode: string | null) =>
    queryOptions({
      queryKey: ['voucher', 'channels', appId, regionCode ?? 'ip'] as const,
      queryFn: () => (regionCode ? fetchChannels(appId, regionCode) : fetchChannelsForIp(appId)),
    }),
  countries: () => queryOptions({ queryKey: ['voucher', 'countries'] as const, queryFn: fetchCountries, staleTime: Infinity }),
};

export function keepVoucherList(appId: number, region: string, language: Language, list: Awaited<ReturnType<typeof fetchVoucherList>>): void {
  patchClientState({ voucherLists: { ...useClientStore.getState().voucherLists, [String(appId)]: { language, region, list } } });
}
