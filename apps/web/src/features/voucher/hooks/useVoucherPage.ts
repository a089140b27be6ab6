import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiCode } from '@shop/contract/envelope';
import { useLocation } from 'react-router';
import type { VoucherGoods } from '@shop/contract/catalog';
import { appShowsServerName } from '@shop/contract/games';
import type { Language } from '@shop/contract/languages';
import { trackPurchase } from '../../../shared/analytics/analytics';
import { ApiError } from '../../../shared/api/api-error';
import { currentPlatform } from '../../../shared/lib/platform';
import { chargedAmount, pricedLine } from '../../../shared/pricing/charged-price';
import { useClientStore } from '../../../shared/store/client-store';
import { submitVoucherOrder } from '../api/voucher-api';
import { voucherQueries } from '../api/voucher-queries';
import { preselectChannel, visibleChannels } from '../lib/channels';
import { entryKeyOf, firstAppId, takeVoucherEntry } from '../preload';
import { regionFromIp } from '../lib/region';

/** An unknown game or region answers 404: the lists are then shown as "Not found", not as a failure. */
const notFound = (error: unknown) => error instanceof ApiError && error.code === ApiCode.NOT_FOUND;

/** The voucher page's flow (spec section 4, "Voucher page flow"). */
export function useVoucherPage(language: Language) {
  const { search } = useLocation();
  // a launch logs in; a session is kept and acted for; a guest is asked to log in (lib/player-info.ts, voucherEntry)
  const [entry] = useState(() => takeVoucherEntry(search));
  const [platform] = useState(currentPlatform);
  const entryKey = entryKeyOf(entry);

  // 1. Quick login from the player info; the token is saved on code 200. A stale token from an earlier visit is
  //    dropped first so the catalogue calls made meanwhile do not carry it.
  // The entry started the first calls already (../preload): they are in the query cache, on their way or answered.
  const login = useQuery({
    ...voucherQueries.login(entryKey, entry.kind === 'launch' ? entry.player : undefined),
    enabled: entry.kind === 'launch',
  });
  const loggedIn = entry.kind === 'session' || login.data !== undefined;
  const user = useQuery({ ...voucherQueries.user(entryKey), enabled: loggedIn });
  // the game account the page buys for: the launched one as soon as its login is in, else the session's (user/info:
  // the one the session was opened for, else the player's default)
  const role = user.data?.gameRole ?? null;
  const buyer = entry.kind === 'launch' ? (login.data ? entry.player : null) : role;
  const [startAppId] = useState(() => firstAppId(entry));
  const appId = buyer?.appId ?? startAppId;

  // 3. The country sets the region (ZZ or unknown -> US); the player may choose another one.
  const ip = useQuery(voucherQueries.ipCountry());
  const ipRegion = ip.isPending ? null : regionFromIp(ip.data ?? undefined);
  const [chosenRegion, setChosenRegion] = useState<string | null>(null);
  const region = chosenRegion ?? ipRegion;

  // 2. The voucher goods, priced in the region (ADR 0050; cached per appId in the client store, names in the active
  //    language). While another language loads, the cached list of the same region stays on screen; another region's
  //    list never does: its prices are not this region's.
  const cached = useClientStore((state) => state.voucherLists[String(appId)]);
  const vouchers = useQuery({ ...voucherQueries.vouchers(appId, region ?? '', language), enabled: region !== null });
  const cachedForRegion = cached && cached.region === region ? cached.list : undefined;
  const voucherList: VoucherGoods[] | undefined = vouchers.data ?? cachedForRegion ?? (notFound(vouchers.error) ? [] : undefined);

  // Channels for the region; 5. changing region reloads them. Until the player picks one, the IP region's channels come
  // straight from the channel list (the server resolves the same region from the IP), without waiting for user/ip/country.
  const channels = useQuery(voucherQueries.channels(appId, chosenRegion));
  // ~250 countries for the region selector: asked for once the channels are on screen, off the critical path
  const countries = useQuery({ ...voucherQueries.countries(), enabled: Boolean(channels.data || channels.error) });
  const [expanded, setExpanded] = useState(false);
  const [chosenChannelId, setChosenChannelId] = useState<number | null>(null);
  const visible = useMemo(
    () => visibleChannels(channels.data ?? [], platform, expanded),
    [channels.data, platform, expanded],
  );
  // the first channel is preselected, and again whenever the chosen one is not offered in the new region
  const channelId = preselectChannel(visible.usable, chosenChannelId);
  const channel = visible.usable.find((item) => item.id === channelId);

  // A region's prices and channels load together (one loading state): the packs are not shown with the previous
  // region's channels, nor the channels with its prices; after a refused order (409) both are asked for again, and
  // the prices the order was refused for are not shown meanwhile.
  const [reloading, setReloading] = useState(false);
  const vouchersFailed = voucherList === undefined && !!vouchers.error;
  const channelsFailed = !!channels.error && !channels.data && !notFound(channels.error);
  const regionLoading = reloading || (voucherList === undefined && !vouchersFailed) || (channels.isFetching && !channelsFailed);

  // 4. Picking a voucher checks only that card.
  const [voucherId, setVoucherId] = useState<number | null>(null);
  const voucher = regionLoading ? undefined : voucherList?.find((item) => item.id === voucherId);
  // what the picked channel charges: the local price, or the base price where it cannot charge the local currency (ADR 0053)
  const charged = voucher && channel ? chargedAmount([pricedLine(voucher, 1)], channel.chargesLocalCurrency) : undefined;

  const [submitting, setSubmitting] = useState(false);
  const ios = platform === 'ios';
  const canSubmit = Boolean(voucher && channel && charged && Number.isFinite(charged.total) && region && ipRegion && buyer && !ios && !submitting);

  // 6. Submitting creates the order, then proceeds by channel.
  async function submit() {
    if (!canSubmit || !voucher || !channel || !charged || !region || !ipRegion || !buyer) return;
    setSubmitting(true);
    // the payment step (provider rules, widget loader) is its own chunk: fetched while the order is created
    const payment = import('../../../shared/payment/start-payment');
    payment.catch(() => undefined); // awaited below; a failure is reported there
    try {
      const order = await submitVoucherOrder({
        appId: buyer.appId,
        gameRoleId: buyer.roleId,
        regionCode: ipRegion,
        selectedRegionCode: region,
        id: voucher.id,
        payMethodName: channel.payMethodName,
        payMethodId: channel.payMethodId,
        quantity: 1,
        thirdChannelId: channel.thirdChannelId,
        voucherSn: voucher.productSn,
        orderSource: 'voucher',
        // the price shown for this channel and charged (the discounted one, ADR 0052): the server refuses the order
        // (409 productChanged) when it is not what it would charge
        productPrice: charged.total, // one pack: the total is its unit price
        currency: charged.currency,
      });
      trackPurchase({
        transactionId: order.orderSn,
        channel: order.thirdChannelName,
        amount: order.totalAmount,
        currency: order.currency,
      });
      const { startPayment } = await payment;
      await startPayment(
        { orderId: order.orderId, from: 'voucher', channel: order.thirdChannelName },
        order.thirdPayResponse,
      );
    } catch (error) {
      // the API client has already told the player (the server's message). A conflict may be a price that changed
      // since the list (or too many unpaid orders, where reloading costs nothing): prices and channels are reloaded
      // together and the picked pack and channel stay picked when they are still offered.
      if (error instanceof ApiError && error.code === ApiCode.CONFLICT) reloadPrices();
    } finally {
      setSubmitting(false);
    }
  }

  function reloadPrices() {
    setReloading(true);
    void Promise.all([vouchers.refetch(), channels.refetch()]).finally(() => setReloading(false));
  }

  function chooseRegion(code: string) {
    setChosenRegion(code);
    setChosenChannelId(null);
    setExpanded(false);
  }

  return {
    platform,
    ios,
    /** The launch's login: its failure is shown with a Retry. */
    login: { error: login.error, reload: () => void login.refetch() },
    loggedIn,
    /** Nobody is logged in (no launch, no session): the page asks the player to log in. */
    guest: entry.kind === 'guest',
    user: user.data,
    /** The game the page sells for (the launch's, the session's role's, or the default): its art shows from the first render. */
    appId,
    showServerName: appShowsServerName(appId),
    /** Undefined while the region's prices and channels load. */
    vouchers: regionLoading ? undefined : voucherList,
    vouchersFailed,
    reloadVouchers: () => void vouchers.refetch(),
    region,
    countries: countries.data ?? [],
    chooseRegion,
    channels: visible.shown,
    moreChannels: visible.more,
    channelsLoading: regionLoading && !channelsFailed,
    channelsFailed,
    reloadChannels: () => void channels.refetch(),
    showMoreChannels: () => setExpanded(true),
    channel,
    chooseChannel: setChosenChannelId,
    voucher,
    /** What the picked channel charges for the picked pack. */
    charged,
    chooseVoucher: setVoucherId,
    submitting,
    canSubmit,
    submit,
  };
}
