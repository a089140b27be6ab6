import dayjs, { type Dayjs } from 'dayjs';
import { GoodsType } from '@shop/contract/catalog.schema';
import type { ProductCreateBody, ProductView } from '@shop/contract/console/catalogue';
import { SUPPORTED_LANGUAGES, type Language } from '@shop/contract/languages';
import type { LocalizedFields } from '../components/LanguageTable';
import { GOODS_TYPE_CODE } from './goods';

/** The product editor's form: what the operator sees (prices in minor units, the config split into its fields). */
export interface ProductFormValues extends LocalizedFields {
  appId: number | undefined;
  goodsType: number;
  productSn: string;
  priceMinor: number | null;
  discountPriceMinor: number | null;
  currency: string;
  voucherAmount: number | null;
  diamond: number | null;
  /** Of the diamond amount, the bonus the shop shows as "+N bonus". */
  bonus: number | null;
  vipDays: number | null;
  /** JSON of [{ itemId, count }]. */
  items: string;
  thumbnail: string;
  sort: number;
  onSale: boolean;
  saleWindow: [Dayjs | null, Dayjs | null] | null;
  claimLimit: number | null;
}

const emptyText = () => Object.fromEntries(SUPPORTED_LANGUAGES.map((language) => [language, ''])) as Record<Language, string>;

export function emptyProductForm(appId: number | undefined, goodsType: number = GoodsType.VOUCHER): ProductFormValues {
  return {
    appId,
    goodsType,
    productSn: '',
    names: emptyText(),
    descs: emptyText(),
    priceMinor: null,
    discountPriceMinor: null,
    currency: 'USD',
    voucherAmount: null,
    diamond: null,
    bonus: null,
    vipDays: null,
    items: '',
    thumbnail: '',
    sort: 0,
    onSale: true,
    saleWindow: null,
    claimLimit: null,
  };
}

export function productToForm(product: ProductView): ProductFormValues {
  const config = product.config as { diamond?: number; bonus?: number; vipDays?: number; items?: unknown[] };
  return {
    appId: product.appId,
    goodsType: product.goodsType,
    productSn: product.productSn,
    names: { ...emptyText(), ...product.names },
    descs: { ...emptyText(), ...product.descs },
    priceMinor: product.priceMinor,
    discountPriceMinor: product.discountPriceMinor,
    currency: product.currency,
    voucherAmount: product.voucherAmount,
    diamond: config.diamond ?? null,
    bonus: config.bonus ?? null,
    vipDays: config.vipDays ?? null,
    items: config.items ? JSON.stringify(config.items) : '',
    thumbnail: product.thumbnail,
    sort: product.sort,
    onSale: !product.hidden,
    saleWindow: product.saleStartsAt || product.saleEndsAt ? [product.saleStartsAt ? dayjs(product.saleStartsAt) : null, product.saleEndsAt ? dayjs(product.saleEndsAt) : null] : null,
    claimLimit: product.claimLimit,
  };
}

/** The items JSON of the form, or a message saying what is wrong with it. */
export function parseItems(text: string): { items?: { itemId: number; count: number }[]; error?: string } {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (
      Array.isArray(value) &&
      value.every((item) => item && typeof item === 'object' && Number.isInteger((item as { itemId: unknown }).itemId) && Number.isInteger((item as { count: unknown }).count))
    ) {
      return { items: value as { itemId: number; count: number }[] };
    }
  } catch {
    // reported below
  }
  return { error: 'items' };
}

const localized = (text: Record<string, string>) => Object.fromEntries(Object.entries(text).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''));

/** A product number when the operator left it empty: game, type and a random tail (BD-style: 10030-VC-K3J9QX). */
export const generatedProductSn = (appId: number, goodsType: number) =>
  `${appId}-${GOODS_TYPE_CODE[goodsType] ?? 'P'}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

/**
 * The create body of a filled form. Left empty: the discounted price is the price, a voucher pack's voucher amount is
 * one voucher per cent of a USD price (as the demo catalogue's packs), the product number is generated.
 */
export function formToBody(form: ProductFormValues): ProductCreateBody {
  const priceMinor = form.priceMinor ?? 0;
  const free = form.goodsType === GoodsType.FREE;
  const voucher = form.goodsType === GoodsType.VOUCHER;
  const items = parseItems(form.items).items;
  const [starts, ends] = form.saleWindow ?? [null, null];
  return {
    appId: form.appId!,
    goodsType: form.goodsType as ProductCreateBody['goodsType'],
    productSn: form.productSn.trim() || generatedProductSn(form.appId!, form.goodsType),
    names: localized(form.names),
    descs: localized(form.descs),
    priceMinor: free ? 0 : priceMinor,
    discountPriceMinor: free ? 0 : (form.discountPriceMinor ?? priceMinor),
    currency: form.currency,
    voucherAmount: voucher ? (form.voucherAmount ?? (form.currency === 'USD' ? priceMinor : 0)) : 0,
    config: {
      ...(form.diamond ? { diamond: form.diamond } : {}),
      ...(form.bonus ? { bonus: form.bonus } : {}),
      ...(form.vipDays ? { vipDays: form.vipDays } : {}),
      ...(items ? { items } : {}),
    },
    ...(form.thumbnail.trim() ? { thumbnail: form.thumbnail.trim() } : {}),
    sort: form.sort,
    hidden: !form.onSale,
    saleStartsAt: starts ? starts.toISOString() : null,
    saleEndsAt: ends ? ends.toISOString() : null,
    claimLimit: free ? form.claimLimit : null,
  };
}
