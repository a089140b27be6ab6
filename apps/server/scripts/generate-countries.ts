/**
 * Generates apps/server/src/db/seed/countries.json: every ISO 3166-1 alpha-2 country/territory
 * (the 249 officially assigned codes plus XK Kosovo) with English and Simplified Chinese names
 * and the international calling code.
 *
 * Run from the repository's root: npx tsx apps/server/scripts/generate-countries.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';

const ALPHA2 = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
YE YT
ZA ZM ZW
XK
`
  .trim()
  .split(/\s+/);

/** Calling codes for places libphonenumber-js has no metadata for. */
const DIAL_CODE_OVERRIDES: Record<string, string> = {
  GS: '500', // South Georgia shares the Falkland Islands' code
  PN: '64', // Pitcairn is reached through New Zealand's code
};
/** Uninhabited or research-station territories without a calling code of their own. */
const NO_DIAL_CODE = new Set(['AQ', 'BV', 'HM', 'TF', 'UM']);

/** English names that differ from the CLDR display names. */
const ENGLISH_OVERRIDES: Record<string, string> = { US: 'United States of America' };

const english = new Intl.DisplayNames(['en'], { type: 'region' });
const chinese = new Intl.DisplayNames(['zh-Hans'], { type: 'region' });

function dialCodeOf(code: string): string {
  if (code in DIAL_CODE_OVERRIDES) return DIAL_CODE_OVERRIDES[code] ?? '';
  if (NO_DIAL_CODE.has(code)) return '';
  if (!isSupportedCountry(code)) throw new Error(`No calling code known for ${code}`);
  return getCountryCallingCode(code);
}

function nameOf(names: Intl.DisplayNames, code: string): string {
  const name = names.of(code);
  if (!name || name === code) throw new Error(`No display name for ${code}`);
  return name;
}

const codes = [...new Set(ALPHA2)].sort();
if (codes.length !== ALPHA2.length) throw new Error('Duplicate codes in ALPHA2');
if (codes.some((code) => !/^[A-Z]{2}$/.test(code))) throw new Error('Malformed code in ALPHA2');

const countries = codes.map((regionCode) => ({
  regionCode,
  region: ENGLISH_OVERRIDES[regionCode] ?? nameOf(english, regionCode),
  regionCN: nameOf(chinese, regionCode),
  dialCode: dialCodeOf(regionCode),
}));

const target = fileURLToPath(new URL('../src/db/seed/countries.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(countries, null, 2)}\n`);
console.log(`Wrote ${countries.length} countries to ${target}`);
