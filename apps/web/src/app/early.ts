/**
 * The first requests of the screens players land on, made before the app is evaluated: index.html runs this small
 * chunk as an async module script as soon as it is in (apps/web/vite.config.ts); the app imports it too (start.tsx),
 * for a browser that ran the app first. Each screen's module checks the address itself. The messages of the language
 * start loading here as well (the same chunk the app's i18n imports).
 */
import { startHomeRequests } from '../features/shop/early';
import { startVoucherPageRequests } from '../features/voucher/early';
import { detectLanguage } from '../shared/i18n/language';
import { loadMessages } from '../shared/i18n/messages';
import { warmPriceFormat } from '../shared/lib/format';

function start(): void {
  if (typeof document === 'undefined') return;
  const language = detectLanguage(location.search);
  loadMessages(language).catch(() => undefined);
  startVoucherPageRequests(language);
  startHomeRequests(language);
  // Both screens show prices: the first currency formatter of a language loads its locale data (tens of milliseconds on
  // a slow phone). Built here, once the requests are out, it is ready before the app has been evaluated.
  if (/^\/(voucher|home)\/?$/i.test(location.pathname)) setTimeout(() => warmPriceFormat(language), 0);
}

start();
