/**
 * Which price points each currency uses. A price point is k x step - charm (k = 1, 2, ...), so a price ends the way
 * players of that currency are used to; the floor is the smallest price a non-free product may have. The families are
 * written in major units, as a price tag reads, and converted exactly to minor units by rounding.ts.
 *
 * | Family                    | step   | charm | Looks like           | For                                             |
 * |---------------------------|--------|-------|----------------------|-------------------------------------------------|
 * | cents ending in .99       | 1      | 0.01  | 4.99 €, R$ 24,99     | 2-digit currencies under ~15 a dollar           |
 * | whole units               | 1      | 0     | ¥36, HK$39           | CNY, HKD, MOP: whole units are the local norm   |
 * | whole units ending in 9   | 10     | 1     | ₹519, 49 kr, 249 TL  | ~15-150 a dollar, and SEK, NOK, DKK, CZK        |
 * | whole units ending in 0   | 10     | 0     | ¥780, 2 100 Ft       | JPY, HUF; TWD (ICU 2 digits, charged whole)     |
 * | hundreds ending in 99     | 100    | 1     | 7 499 ₦, 1 399 Rs    | ~150-1,500 a dollar                             |
 * | hundreds ending in 90     | 100    | 10    | $4.690 (CLP)         | CLP, where prices end in 90                     |
 * | round hundreds            | 100    | 0     | ₩7,900, 19.200 COP   | KRW, and ~1,500-15,000 a dollar                 |
 * | round thousands           | 1000   | 0     | Rp92.000, 145.000 ₫  | IDR, VND, and ~15,000-150,000 a dollar          |
 * | round ten thousands       | 10000  | 0     | 5 240 000 IRR        | IRR (over a million a dollar)                   |
 * | halves ending in .490/.990| 0.5    | 0.01  | 1.490 KWD            | the 3-digit currencies (KWD, BHD, OMR, JOD...)  |
 *
 * A step is a tenth to a half of a dollar's worth or so: fine enough that rounding moves a price by a few percent at
 * most above a dollar, coarse enough that the price looks chosen. Floors are the price point nearest 0.49 USD at the
 * demo rates of 2026-11-02 (seed/exchange-rates.json), never below step - charm (so USD's floor is 0.99): they are
 * fixed here rather than derived from the rates so that importing new rates never moves a floor by surprise.
 */

/** Price points shared by several currencies, in major units; `floors` names the currencies and each one's floor. */
export interface PricePointFamily {
  step: string;
  charm: string;
  floors: Readonly<Record<string, string>>;
}

export const PRICE_POINT_FAMILIES: readonly PricePointFamily[] = [
  {
    step: '1',
    charm: '0.01',
    floors: {
      AED: '1.99', AUD: '0.99', AWG: '0.99', AZN: '0.99', BAM: '0.99', BBD: '0.99', BMD: '0.99', BND: '0.99',
      BOB: '2.99', BRL: '2.99', BSD: '0.99', BWP: '6.99', BYN: '0.99', BZD: '0.99', CAD: '0.99', CHF: '0.99',
      EUR: '0.99', FJD: '0.99', FKP: '0.99', GBP: '0.99', GEL: '0.99', GHS: '5.99', GIP: '0.99', GTQ: '3.99',
      ILS: '1.99', KYD: '0.99', MAD: '4.99', MYR: '1.99', NZD: '0.99', PEN: '1.99', PGK: '1.99', PLN: '1.99',
      QAR: '1.99', RON: '1.99', SAR: '1.99', SBD: '3.99', SCR: '6.99', SGD: '0.99', SHP: '0.99', TJS: '4.99',
      TMT: '1.99', TOP: '0.99', TTD: '2.99', USD: '0.99', WST: '0.99', XCD: '0.99', XCG: '0.99',
    },
  },
  { step: '1', charm: '0', floors: { CNY: '3', HKD: '4', MOP: '4' } },
  {
    step: '10',
    charm: '1',
    floors: {
      AFN: '29', ALL: '39', BDT: '59', BTN: '39', CUP: '9', CVE: '49', CZK: '9', DKK: '9', DOP: '29', DZD: '59',
      EGP: '19', ERN: '9', GMD: '39', HNL: '9', HTG: '69', INR: '39', ISK: '59', KES: '59', KGS: '39', LSL: '9',
      MDL: '9', MKD: '29', MRU: '19', MUR: '19', MVR: '9', MXN: '9', MZN: '29', NAD: '9', NIO: '19', NOK: '9',
      NPR: '69', PHP: '29', RSD: '49', RUB: '39', SEK: '9', SLE: '9', SRD: '19', STN: '9', SZL: '9', THB: '19',
      TRY: '29', UAH: '19', UYU: '19', VUV: '59', XPF: '49', ZAR: '9', ZMW: '9', ZWG: '9',
    },
  },
  { step: '10', charm: '0', floors: { HUF: '160', JPY: '70', TWD: '20' } },
  {
    step: '100',
    charm: '1',
    floors: {
      AMD: '199', AOA: '399', ARS: '699', CRC: '199', DJF: '99', ETB: '99', GYD: '99', IQD: '599', JMD: '99',
      KMF: '199', KPW: '399', KZT: '299', LKR: '99', LRD: '99', NGN: '699', PKR: '99', RWF: '699', SDG: '299',
      SOS: '299', VES: '199', XAF: '299', XOF: '299',
    },
  },
  { step: '100', charm: '10', floors: { CLP: '490' } },
  {
    step: '100',
    charm: '0',
    floors: {
      BIF: '1500', CDF: '1100', COP: '1900', GNF: '4300', KHR: '2000', KRW: '700', MGA: '2200', MMK: '1000',
      MNT: '1800', MWK: '900', PYG: '3500', SSP: '2300', SYP: '5400', TZS: '1200', UGX: '1700', UZS: '5900',
      YER: '800',
    },
  },
  { step: '1000', charm: '0', floors: { IDR: '8000', LAK: '11000', LBP: '44000', VND: '13000' } },
  { step: '10000', charm: '0', floors: { IRR: '510000' } },
  {
    step: '0.5',
    charm: '0.01',
    floors: { BHD: '0.490', JOD: '0.490', KWD: '0.490', LYD: '2.490', OMR: '0.490', TND: '1.490' },
  },
];

/** A single currency's price points in major units. */
export interface RuleText {
  step: string;
  charm: string;
  floor: string;
}

/**
 * For a currency in no family (an ICU currency no country of the default table uses), by its minor digits: 0 digits
 * whole tens, 3 digits the .490/.990 halves, otherwise cents ending in .99. Each floor is step - charm.
 */
export function defaultRuleText(digits: number): RuleText {
  if (digits === 0) return { step: '10', charm: '0', floor: '10' };
  if (digits === 3) return { step: '0.5', charm: '0.01', floor: '0.49' };
  return { step: '1', charm: '0.01', floor: '0.99' };
}
