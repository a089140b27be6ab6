/** A country or region a picker offers: ISO code, name in the active language, calling code (digits) when asked. */
export interface PickerCountry {
  code: string;
  name: string;
  dialCode?: string;
}

/** Lower case without accents, so that "Deu" finds "Deutschland" and "cote" finds "Côte d’Ivoire". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase();

/**
 * The countries a search finds: by name in the active language (any word's start, or anywhere for three letters and
 * more), by ISO code, and by calling code ("+49", "49"). Exact code matches first, then the list's own order.
 */
export function searchCountries<T extends PickerCountry>(options: readonly T[], query: string): T[] {
  const text = fold(query.trim());
  if (!text) return [...options];
  const digits = /^\+?\d[\d\s-]*$/.test(text) ? text.replace(/\D/g, '') : '';
  const scored: { option: T; score: number }[] = [];
  for (const option of options) {
    const name = fold(option.name);
    const code = option.code.toLowerCase();
    let score = 0;
    if (digits) {
      const dial = (option.dialCode ?? '').replace(/\D/g, '');
      if (dial === digits) score = 3;
      else if (dial.startsWith(digits)) score = 1;
    } else {
      if (code === text) score = 3;
      else if (name.startsWith(text)) score = 2;
      else if (name.split(/[\s(),.'’-]+/).some((word) => word.startsWith(text)) || (text.length >= 3 && name.includes(text))) score = 1;
    }
    if (score > 0) scored.push({ option, score });
  }
  return scored.sort((a, b) => b.score - a.score).map((entry) => entry.option);
}
