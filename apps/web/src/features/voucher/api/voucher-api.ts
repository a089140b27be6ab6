import { userInfo } from '@shop/contract/auth';
import { voucherList } from '@shop/contract/catalog';
import { channelList, channelListForRegion } from '@shop/contract/channels';
import { createVoucherOrder, type CreateVoucherOrderBody } from '@shop/contract/checkout';
import { countryList, ipCountry } from '@shop/contract/countries';
import { call } from '../../../shared/api/client';
import { patchClientState } from '../../../shared/store/client-store';

/** The packs priced in the region's local prices (ADR 0050). */
export const fetchVoucherList = (appId: number, regionCode: string, silent = false) =>
  call(voucherList, { params: { appId }, query: { regionCode }, silent });
/** The player and the game account of the session; the account is kept as the client state's bound game info. */
export async function fetchUserInfo() {
  const user = await call(userInfo);
  patchClientState({ gameInfo: user.gameRole });
  return user;
}
export const fetchIpCountry = () => call(ipCountry, { quiet: true });
export const fetchCountries = () => call(countryList, { silent: true, quiet: true });
/** The channels for a region the player chose. */
export const fetchChannels = (appId: number, regionCode: string) =>
  call(channelListForRegion, { params: { appId, regionCode } });
/** The channels for the caller's own region (the server looks the IP up, ZZ -> US): one round trip less at start. */
export const fetchChannelsForIp = (appId: number) => call(channelList, { params: { appId } });
export const submitVoucherOrder = (body: CreateVoucherOrderBody) => call(createVoucherOrder, { body });
