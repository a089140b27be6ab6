import { parseScaled, scaledToText, type DecimalParse } from './decimal';

/** The most a tax rate can be: 100%, in basis points. */
const MAX_TAX_BP = 10_000;

/** A tax rate typed in percent with at most two decimals ("19", "7.25") as basis points (1900, 725), exactly. */
export const parseTaxPercent = (text: string): DecimalParse => parseScaled(text.replace(/%\s*$/, ''), 2, MAX_TAX_BP);

/** Basis points as percent text with two decimals: 1900 "19.00", 725 "7.25". */
export const taxPercentText = (bp: number) => scaledToText(bp, 2);
