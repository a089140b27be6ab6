import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('../../locales', import.meta.url));
const languages = readdirSync(folder).map((file) => file.replace(/\.json$/, ''));
const messages = (language: string) => JSON.parse(readFileSync(`${folder}/${language}.json`, 'utf8')) as Record<string, unknown>;

/** The plural groups (key_one, key_other...) of the English messages, as dotted keys without the suffix. */
function pluralGroups(node: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) => {
    if (value && typeof value === 'object') return pluralGroups(value as Record<string, unknown>, `${prefix}${key}.`);
    return key.endsWith('_other') ? [`${prefix}${key.slice(0, -'_other'.length)}`] : [];
  });
}

/** i18next as the app sets it up (BCP 47 code, the language's messages only), to ask for counts. */
async function translator(language: string) {
  const instance = i18next.createInstance();
  const code = language.replace('_', '-');
  await instance.init({ lng: code, resources: { [code]: { translation: messages(language) } }, fallbackLng: false, interpolation: { escapeValue: false } });
  return (key: string, count: number) => instance.t(key, { count });
}

describe('counts in every language (issue 14.6)', () => {
  const groups = pluralGroups(messages('en'));

  it('has count texts to check', () => {
    expect(groups).toEqual(expect.arrayContaining(['voucher.gems', 'voucherHistory.balance', 'instructions.example30', 'cart.maxItems']));
  });

  it.each(languages)('%s: every count text shows the number, formatted, for whole numbers and fractions', async (language) => {
    const t = await translator(language);
    const format = new Intl.NumberFormat(language.replace('_', '-'));
    for (const key of groups) {
      for (const count of [0, 1, 2, 5, 21, 22, 1.5, 1_000_000]) {
        const text = t(key, count);
        expect(text, `${language} ${key} ${count}`).not.toBe(key);
        expect(text, `${language} ${key} ${count}`).toContain(format.format(count));
      }
    }
  });

  it.each([
    ['ru', 'voucherHistory.balance', ['Баланс: 1 ваучер', 'Баланс: 2 ваучера', 'Баланс: 5 ваучеров', 'Баланс: 21 ваучер', 'Баланс: 1,5 ваучера']],
    ['uk', 'voucherHistory.balance', ['Баланс: 1 ваучер', 'Баланс: 2 ваучери', 'Баланс: 5 ваучерів', 'Баланс: 21 ваучер', 'Баланс: 1,5 ваучера']],
    ['pl', 'voucherHistory.balance', ['Saldo: 1 bon', 'Saldo: 2 bony', 'Saldo: 5 bonów', 'Saldo: 21 bonów', 'Saldo: 1,5 bonu']],
    ['ru', 'voucher.gems', ['+ 1 самоцвет', '+ 2 самоцвета', '+ 5 самоцветов', '+ 21 самоцвет', '+ 1,5 самоцвета']],
    ['pl', 'cart.maxItems', ['Maksymalnie 1 przedmiot na transakcję', 'Maksymalnie 2 przedmioty na transakcję', 'Maksymalnie 5 przedmiotów na transakcję', 'Maksymalnie 21 przedmiotów na transakcję', 'Maksymalnie 1,5 przedmiotu na transakcję']],
  ])('%s %s takes the form of each count', async (language, key, expected) => {
    const t = await translator(language);
    expect([1, 2, 5, 21, 1.5].map((count) => t(key, count))).toEqual(expected);
  });
});
