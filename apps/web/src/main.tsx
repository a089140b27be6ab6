import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global/global.css';
import './app/styles.css';
import { App } from './app/App';
import { preloadRoute } from './app/routes';
import { installSessionRecovery } from './app/session';
import { initI18n } from './shared/i18n/i18n';
import { detectLanguage } from './shared/i18n/language';
import { getConfig } from './shared/config/runtime-config';
import { persistClientStateOnUnload, restoreClientState, useClientStore } from './shared/store/client-store';
import { preloadToast } from './shared/ui/toast';

performance.mark('main:start');
getConfig();
preloadRoute(location.pathname);
restoreClientState();
persistClientStateOnUnload();
installSessionRecovery();

const language = detectLanguage(location.search);
useClientStore.setState({ language });

performance.mark('main:i18n-start');
void initI18n(language).then(() => {
  performance.mark('main:i18n-done');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  performance.mark('main:rendered');
  // the toast chunk is not needed to show the page; fetch it once the page is idle
  setTimeout(preloadToast, 1500);
});
