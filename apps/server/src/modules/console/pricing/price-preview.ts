import { and, eq } from 'drizzle-orm';
import type { PricePreview } from '@shop/contract/console/pricing';
import type { Db } from '../../../db/client.ts';
import { productPrices } from '../../../db/schema.ts';
import { ThirdChannelName } from '@shop/contract/orders.schema';
import { invalid } from '../../../shared/domain-errors.ts';
import type { ChannelsService } from '../../channels/channels.service.ts';
import { chargeOrder, type LocalPoint } from '../../pricing/charged-price.ts';
import type { CountryPricingService } from '../../pricing/country-pricing.service.ts';
import { countryTable, currentRates, requireProduct } from './product-prices-view.ts';

/**
 * What a player of a country sees and pays for a product through each channel the game offers there: the shop's own
 * rule (ADR 0053: CountryPricingService.chargesLocal, then chargeOrder), so the preview cannot disagree with the order.
 */
export class PricePreviews {
  constructor(
    private readonly db: Db,
    private readonly channels: Pick<ChannelsService, 'forRegion'>,
    private readonly countryPricing: Pick<CountryPricingService, 'chargesLocal'>,
  ) {}

  async preview(productId: number, regionCode: string): Promise<PricePreview> {
    const product = await requireProduct(this.db, productId);
    const country = (await countryTable(this.db)).get(regionCode);
    if (!country) throw invalid('unknownCountry');
    const [[point], rates, channels] = await Promise.all([
      this.db
        .select()
        .from(productPrices)
        .where(and(eq(productPrices.productId, productId), eq(productPrices.regionCode, regionCode))),
      currentRates(this.db),
      this.channels.forRegion(product.appId, regionCode),
    ]);
    const base = { currency: product.currency, priceMinor: product.priceMinor, discountPriceMinor: product.discountPriceMinor };
    const local: LocalPoint | null = point
      ? {
          currency: point.currency,
          priceMinor: point.priceMinor,
          discountPriceMinor: point.discountPriceMinor,
          taxIncluded: point.taxIncluded,
          taxRateBp: point.taxRateBp,
          rate: point.rate,
          perUsd: rates.get(point.currency) ?? null,
        }
      : null;
    return {
      regionCode,
      region: country.region,
      currency: country.currency,
      taxModel: country.taxModel,
      channels: await Promise.all(
        channels.map(async (channel) => {
          const chargesLocalCurrency = await this.countryPricing.chargesLocal(regionCode, channel.thirdChannelName);
          const charged = chargeOrder([{ base, local, quantity: 1 }], country, { localAllowed: chargesLocalCurrency, paid: true });
          return {
            payMethodName: channel.payMethodName,
            provider: ThirdChannelName.parse(channel.thirdChannelName),
            chargesLocalCurrency,
            currency: charged.currency,
            priceMinor: charged.lines[0]!.priceMinor,
            discountPriceMinor: charged.lines[0]!.discountPriceMinor,
            taxIncluded: charged.taxModel === 'inclusive',
          };
        }),
      ),
    };
  }
}
