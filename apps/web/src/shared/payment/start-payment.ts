import { getConfig } from '../config/runtime-config';
import { t } from '../i18n/i18n';
import { navigateTo } from '../lib/navigation';
import { showToast } from '../ui/toast';
import { decidePayment, type PaymentAction } from './dispatch';
import { findProvider } from './providers/provider-map';
import { payIframePath, type PaymentTarget } from './paths';

/** Carries out the post-order step for a channel: toast, redirect, the in-app iframe route, or the provider's widget. */
export async function startPayment(target: PaymentTarget, thirdPayResponse: unknown): Promise<PaymentAction> {
  const config = getConfig();
  const action = decidePayment(target.channel, thirdPayResponse, config);
  switch (action.kind) {
    case 'toast':
      showToast(action.text);
      break;
    case 'toastKey':
      showToast(t(action.key));
      break;
    case 'redirect':
      location.assign(action.url);
      break;
    case 'iframe':
      navigateTo(payIframePath(action.url, target));
      break;
    default:
      // the provider's own widget on our page
      try {
        const provider = findProvider(action.kind);
        if (!provider?.openWidget) throw new Error(`${action.kind} has no widget`);
        await provider.openWidget(action.token, target, config);
      } catch {
        showToast(t('payment.startFailed'));
      }
      break;
  }
  return action;
}
