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

function start(): void {
  if (typeof document === 'undefined') return;
  const language = detectLanguage(location.search);
  loadMessages(language).catch(() => undefined);
  startVoucherPageRequests(language);
  startHomeRequests(language);
}

start();
