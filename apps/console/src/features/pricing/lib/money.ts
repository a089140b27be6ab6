import { INT4_MAX } from '@shop/contract/fields';
import { minorDigits } from '../../../shared/ui/format';
import { parseScaled, scaledToText, type DecimalParse } from './decimal';

/**
 * An amount typed in major units ("4.99" USD, "780" JPY, "1.490" KWD) as integer minor units with the currency's ISO
 * digits (JPY and KRW none, KWD and BHD three), exactly; at most what the database's integer holds.
 */
export const parseMajor = (text: string, currency: string): DecimalParse => parseScaled(text, minorDigits(currency), INT4_MAX);

/** Integer minor units as the text of major units with the currency's digits: 499 USD "4.99", 1490 KWD "1.490". */
export const minorToMajor = (minor: number, currency: string) => scaledToText(minor, minorDigits(currency));

/**
 * Minor units as the console's language writes the currency ("$4.99", "¥780", "KWD 1.490"): Intl.NumberFormat is given
 * the exact decimal text, so no amount passes through a float on its way to the screen.
 */
export function formatLocalMoney(minor: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en', { style: 'currency', currency }).format(minorToMajor(minor, currency));
}
