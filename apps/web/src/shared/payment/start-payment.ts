import { getConfig } from '../config/runtime-config';
import { t } from '../i18n/i18n';
import { navigateTo } from '../lib/navigation';
import { showToast } from '../ui/toast';
import { decidePayment, type PaymentAction } from './dispatch';
import { payIframePath, type PaymentTarget } from './paths';

/** Carries out the post-order step for a channel: toast, redirect, the in-app iframe route, or the Xsolla widget. */
export async function startPayment(target: PaymentTarget, thirdPayResponse: unknown): Promise<PaymentAction> {
  const config = getConfig();
  const action = decidePayment(target.channel, thirdPayResponse, {
    iframePayment: config.iframePayment,
    xsolla: config.xsolla,
  });
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
    case 'xsolla':
      try {
        const { openXsollaWidget } = await import('./xsolla-widget');
        await openXsollaWidget(config.xsolla, action.token, target);
      } catch {
        showToast(t('payment.startFailed'));
      }
      break;
  }
  return action;
}
