// The app, started by ../main.tsx once the page has painted. First: the landing screens' requests start before the rest
// of the app is evaluated (index.html also runs them on their own, as soon as they are in).
import './early';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { prefetchNextRoutes, preloadRoute } from './routes';
import { installSessionRecovery } from './session';
import { initI18n } from '../shared/i18n/i18n';
import { detectLanguage, setLanguage } from '../shared/i18n/language';
import { preloadVoucherPage } from '../features/voucher/preload';
import { getConfig } from '../shared/config/runtime-config';
import { persistClientStateOnUnload, restoreClientState, useClientStore } from '../shared/store/client-store';
import { preloadToast } from '../shared/ui/toast';

getConfig();
// the screen's chunk downloads while the language loads; the first render waits for both (no loading flash)
const screen = preloadRoute(location.pathname);
restoreClientState();
persistClientStateOnUnload();
installSessionRecovery();

const language = detectLanguage(location.search);
useClientStore.setState({ language });
// the messages load while the page's first calls run (they send this language as Accept-Language)
const messages = initI18n(language);
setLanguage(language);
preloadVoucherPage(location.pathname, location.search, language);

void Promise.all([messages, screen]).then(() => {
  // one task: Preact renders synchronously (preact/compat's startTransition would run it at once as well). The voucher
  // screen's first render takes 85-130 ms at 4x CPU; React's took ~380 ms, in slices (ADR 0033,
  // docs/adr/0033-preact.md)
  createRoot(document.getElementById('root')!).render(<App />);
  // not needed to show the page: the toast chunk and the screens players open next, once the page is idle
  setTimeout(() => {
    preloadToast();
    prefetchNextRoutes(location.pathname);
  }, 1500);
});
