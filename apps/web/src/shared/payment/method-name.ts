/**
 * Payment method names the shop says in the player's language. The catalogue keeps one name per channel (operators
 * edit it in the console), which is right for brands (Klarna, Pix); a generic method under its default English
 * name is translated instead. A name an operator changed is shown as it is.
 */
const GENERIC_METHODS: Record<string, string> = {
  'Credit/Debit Card': 'payMethod.card',
};

export function payMethodLabel(name: string, t: (key: string) => string): string {
  const key = GENERIC_METHODS[name];
  return key ? t(key) : name;
}
