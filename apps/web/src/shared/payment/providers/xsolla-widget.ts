import type { RuntimeConfig } from '@shop/contract/runtime-config';
import { loadScript } from '../../lib/load-script';
import { navigateTo } from '../../lib/navigation';
import { paymentResultPath, type PaymentTarget } from '../paths';

/** Xsolla's Pay Station embed interface (https://github.com/xsolla/paystation-embed). */
interface XPayStationWidget {
  init(options: {
    access_token: string;
    sandbox?: boolean;
    host?: string;
    lightbox?: { width?: string; height?: string };
  }): void;
  open(): void;
  on(event: string, handler: (...args: unknown[]) => void): void;
  off?(event?: string, handler?: (...args: unknown[]) => void): void;
}

declare global {
  interface Window {
    XPayStationWidget?: XPayStationWidget;
  }
}

let current: PaymentTarget | undefined;

/**
 * The widget has no public close(): its lightbox would stay over the result page. Press its own close control (so the
 * widget resets and can open again), or remove the lightbox as Xsolla's SDKs do.
 */
function dismissLightbox(): void {
  const close = document.querySelector<HTMLElement>('.xpaystation-widget-lightbox-close');
  if (close) {
    close.click();
    return;
  }
  document.querySelectorAll('.xpaystation-widget-lightbox').forEach((node) => node.remove());
  document.body.style.overflow = '';
}

function finish(result: 'return' | 'cancel'): void {
  if (!current) return;
  const target = current;
  current = undefined;
  dismissLightbox();
  navigateTo(paymentResultPath(result, target));
}
let listening: XPayStationWidget | undefined;

/** Loads the widget script once, opens the 80% x 80% lightbox, and sends done/troubled to the return/cancel pages. */
export async function openXsollaWidget(
  xsolla: RuntimeConfig['xsolla'],
  token: string,
  target: PaymentTarget,
): Promise<void> {
  await loadScript(xsolla.scriptUrl);
  const widget = window.XPayStationWidget;
  if (!widget) throw new Error('XPayStationWidget is not available');
  current = target;
  widget.init({
    access_token: token,
    sandbox: xsolla.sandbox,
    // the widget takes a bare host name; a full Pay Station URL in `host` is only for the iframe route
    ...(xsolla.host && !/^[a-z]+:\/\//i.test(xsolla.host) ? { host: xsolla.host } : {}),
    lightbox: { width: '80%', height: '80%' },
  });
  if (listening !== widget) {
    // registered once: the handlers always act on the order opened last
    listening = widget;
    widget.on('status-done', () => finish('return'));
    widget.on('status-troubled', () => finish('cancel'));
  }
  widget.open();
}
