import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { channelsForDevice } from '@shop/contract/channels';
import { trackPurchase } from '../../../shared/analytics/analytics';
import { ApiCode } from '@shop/contract/envelope';
import { ApiError } from '../../../shared/api/api-error';
import { pricedCartLine } from '../../../shared/cart/cart';
import { removeLines } from '../../../shared/cart/cart-store';
import { readSettlement } from '../../../shared/checkout/settlement';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { formatPrice } from '../../../shared/lib/format';
import { currentPlatform } from '../../../shared/lib/platform';
import { findProvider } from '../../../shared/payment/providers/provider-map';
import { startPayment } from '../../../shared/payment/start-payment';
import { useCountries } from '../../../shared/forms/useCountries';
import { pickCurrentRole } from '../../../shared/roles/current-role';
import { useBoundRoles } from '../../../shared/roles/get-bound-roles';
import { useIpCountry } from '../../../shared/payment/get-ip-country';
import { usePayChannels } from '../../../shared/payment/get-pay-channels';
import { chargedAmount } from '../../../shared/pricing/charged-price';
import { useShopCountry } from '../../../shared/pricing/use-shop-country';
import { useClientStore } from '../../../shared/store/client-store';
import { ChannelPicker } from '../../../shared/ui/ChannelPicker';
import { CountryPicker } from '../../../shared/ui/CountryPicker';
import { NotFoundBlock } from '../../../shared/ui/NotFoundBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { BaseChargeNote } from '../../../shared/ui/BaseChargeNote';
import { Price } from '../../../shared/ui/Price';
import { TaxNote } from '../../../shared/ui/TaxNote';
import { createCartOrderCall, createProductOrderCall } from '../api/checkout-api';
import { usePricedProducts } from '../api/get-priced-products';
import { regionOf, repriceLines } from '../lib/settlement-view';
import './checkout.css';

/**
 * Settlement: the product info, the summary and the price, the game account that receives the goods, the payment
 * method; Pay creates the order and opens the payment with its provider (the voucher page's rules, shared/payment).
 */
export default function SettlementPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const accountSelect = useId();
  const settlement = readSettlement(useClientStore((state) => state.settlement));
  const appId = settlement?.appId ?? null;
  const roles = useBoundRoles(language, { appId: appId ?? undefined, enabled: appId !== null });
  const [accountId, setAccountId] = useState<number | null>(null);
  const region = useIpCountry();
  const ipRegion = region.isPending ? null : regionOf(region.data ?? undefined);
  // the region selector, as on the voucher page: it starts at the shop's country (the account's, whose prices the
  // player saw), and the order is priced in the region it shows: changing it reloads the prices and the channels
  const shopCountry = useShopCountry();
  const [pickedRegion, setPickedRegion] = useState<string | null>(null);
  const regionCode = pickedRegion ?? shopCountry;
  const priced = usePricedProducts(appId, regionCode, language);
  const countries = useCountries(language);
  const regionChoices = useMemo(() => countries.map((country) => ({ code: country.iso2, name: country.name })), [countries]);
  const channels = usePayChannels(appId, regionCode);
  const shown = channelsForDevice(channels.data ?? [], currentPlatform());
  const [channelId, setChannelId] = useState<number | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    document.title = t('settlement.title');
  }, [t]);

  const account = roles.data?.find((role) => role.id === accountId) ?? pickCurrentRole(roles.data);
  const channel = shown.find((item) => item.id === channelId) ?? shown[0];
  // the lines at today's prices in the region, and what the picked channel charges for them (ADR 0052, 0053)
  const lines = settlement && priced.data ? repriceLines(settlement.lines, priced.data) : undefined;
  const charged = lines ? chargedAmount(lines.map(pricedCartLine), channel?.chargesLocalCurrency ?? true) : undefined;
  const pricesLoading = !charged || priced.isFetching || channels.isFetching;

  if (!settlement) {
    return (
      <div className="co">
        <PageHeader title={t('settlement.title')} />
        <NotFoundBlock testId="settlement-empty" />
        <Link to="/home" className="shop-button shop-button--block">
          {t('payment.backToShop')}
        </Link>
      </div>
    );
  }

  const shownLines = lines ?? settlement.lines;
  // a country's products share its tax; a base price charged instead makes no claim about it
  const taxed = charged?.local ? priced.data?.find((product) => product.taxIncluded && settlement.lines.some((line) => line.productId === product.id)) : undefined;

  async function pay() {
    if (!settlement || !account || !channel || !charged || pricesLoading || !Number.isFinite(charged.total)) return;
    setPaying(true);
    try {
      const common = {
        appId: settlement.appId,
        gameAccountId: account.id,
        payMethodId: channel.payMethodId,
        thirdChannelId: channel.thirdChannelId,
        payMethodName: channel.payMethodName,
        regionCode: ipRegion ?? undefined,
        selectedRegionCode: regionCode ?? undefined,
      };
      const line = settlement.lines[0]!;
      // one product: the unit price shown for the picked channel, refused with 409 when it is not what would be charged
      const order =
        settlement.source === 'product'
          ? await createProductOrderCall({
              ...common,
              productId: line.productId,
              quantity: line.quantity,
              productPrice: charged.lines[0]!.discountPrice,
              currency: charged.currency,
            })
          : await createCartOrderCall({ ...common, items: settlement.lines.map((item) => ({ productId: item.productId, quantity: item.quantity })) });
      if (settlement.source === 'cart') removeLines(settlement.lines.map((item) => item.productId));
      // the settlement stays on screen behind a provider's widget (a lightbox); the result screen clears it
      trackPurchase({ transactionId: order.orderSn, channel: order.thirdChannelName, amount: order.totalAmount, currency: order.currency });
      await startPayment({ orderId: order.orderId, from: 'shop', channel: order.thirdChannelName }, order.thirdPayResponse);
    } catch (error) {
      // the API client has told the player (price changed, product gone, quantity...); a changed price is shown anew
      if (error instanceof ApiError && error.code === ApiCode.CONFLICT) {
        void priced.refetch();
        void channels.refetch();
      }
    } finally {
      setPaying(false);
    }
  }

  return (
    <div className="co">
      <PageHeader title={t('settlement.title')} />
      <main className="co-main">
        <section className="co-card" aria-labelledby="co-products">
          <h2 id="co-products" className="co-card__title">
            {t('settlement.productInfo')}
          </h2>
          <ul className="co-lines">
            {shownLines.map((line) => (
              <li key={line.productId} className="co-line" data-testid="settlement-line">
                {line.thumbnail ? <img src={line.thumbnail} alt="" width={48} height={48} /> : <span aria-hidden="true">🎁</span>}
                <span className="co-line__name">{line.productName}</span>
                <span className="co-line__qty">×{line.quantity}</span>
                <Price price={line.price} discountPrice={line.discountPrice} currency={line.currency} language={language} />
              </li>
            ))}
          </ul>
        </section>

        <section className="co-card" aria-labelledby="co-account">
          <h2 id="co-account" className="co-card__title">
            <label htmlFor={accountSelect}>{t('settlement.deliverTo')}</label>
          </h2>
          {roles.data && roles.data.length === 0 ? (
            <Link to="/role" className="shop-button shop-button--block" data-testid="bind-first">
              {t('shop.bindFirst')}
            </Link>
          ) : (
            <select
              id={accountSelect}
              className="co-select"
              value={account?.id ?? ''}
              onChange={(event) => setAccountId(Number(event.target.value))}
              data-testid="settlement-account"
            >
              {(roles.data ?? []).map((role) => (
                <option key={role.id} value={role.id}>
                  {role.roleName} · {role.serverName} ({role.gameId})
                </option>
              ))}
            </select>
          )}
        </section>

        <section className="co-card" aria-labelledby="co-method">
          <h2 id="co-method" className="co-card__title">
            {t('settlement.paymentMethod')}
          </h2>
          <CountryPicker
            label={t('settlement.region')}
            value={regionCode ?? ''}
            options={regionChoices}
            onChange={setPickedRegion}
            testId="settlement-region"
            className="co-region"
            labelClassName="co-region__label"
            buttonClassName="co-select"
          />
          {channels.data && shown.length === 0 ? <NotFoundBlock /> : <ChannelPicker channels={shown} selectedId={channel?.id ?? null} onSelect={setChannelId} />}
        </section>

        <section className="co-card" aria-labelledby="co-summary" data-testid="settlement-summary">
          <h2 id="co-summary" className="co-card__title">
            {t('settlement.summary')}
          </h2>
          {charged && !pricesLoading ? (
            <>
              <dl className="co-summary">
                <dt>{t('settlement.items')}</dt>
                <dd data-testid="summary-items">{charged.items}</dd>
                <dt>{t('settlement.subtotal')}</dt>
                <dd>{formatPrice(charged.original, charged.currency, language)}</dd>
                {charged.discount > 0 && (
                  <>
                    <dt>{t('settlement.discount')}</dt>
                    <dd>−{formatPrice(charged.discount, charged.currency, language)}</dd>
                  </>
                )}
                <dt className="co-summary__total">{t('settlement.total')}</dt>
                <dd className="co-summary__total" data-testid="summary-total" data-currency={charged.currency}>
                  {formatPrice(charged.total, charged.currency, language)}
                </dd>
              </dl>
              {taxed && <TaxNote taxIncluded={taxed.taxIncluded} taxRateBp={taxed.taxRateBp} language={language} />}
              <BaseChargeNote shownCurrency={shownLines[0]!.currency} charged={charged} language={language} />
            </>
          ) : (
            <div className="shop-skeleton co-summary-skeleton" aria-busy="true" data-testid="summary-loading" />
          )}
          <p className="co-hint">{t('shop.priceHint')}</p>
          {channel && findProvider(channel.thirdChannelName)?.amountMayVary && (
            <p className="co-hint" data-testid={`${channel.thirdChannelName}-hint`}>
              {t('settlement.amountMayVaryHint')}
            </p>
          )}
        </section>
      </main>
      <footer className="co-bar">
        <span className="co-bar__total">
          {t('settlement.total')} <strong>{charged && !pricesLoading ? formatPrice(charged.total, charged.currency, language) : '…'}</strong>
        </span>
        <button
          type="button"
          className="shop-button shop-button--primary"
          disabled={paying || !account || !channel || pricesLoading}
          aria-busy={paying}
          onClick={() => void pay()}
          data-testid="pay-now"
        >
          {t('settlement.pay')}
        </button>
      </footer>
    </div>
  );
}
