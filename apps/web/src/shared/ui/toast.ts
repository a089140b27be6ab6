/**
 * Toasts through antd-mobile's Toast, loaded on first use (it brings its animation library, which the voucher page's
 * first load does not need).
 */
type ToastModule = typeof import('antd-mobile/es/components/toast');
let loading: Promise<ToastModule['default']> | undefined;

const loadToast = () =>
  (loading ??= Promise.all([import('./antd-setup'), import('antd-mobile/es/components/toast')]).then(([, m]) => m.default));

export function showToast(content: string, duration = 2500): void {
  loadToast()
    .then((Toast) => Toast.show({ content, duration, maskClickable: true }))
    .catch(() => {
      // the chunk could not load (offline): fall back to the browser's own dialog so the message is not lost
      if (typeof window !== 'undefined') window.alert(content);
    });
}

/** Warms the toast chunk once the page is idle, so the first error shows at once. */
export function preloadToast(): void {
  void loadToast().catch(() => undefined);
}
