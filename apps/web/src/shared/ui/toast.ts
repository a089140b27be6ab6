/**
 * Toasts through sonner (./toaster.tsx), loaded on first use: the voucher page's first load does not need them. They
 * stack at the top of the screen instead of covering its middle, a new one never replaces one still showing (up to three
 * at once, more wait their turn), they let every tap through, and they wrap between words.
 */
let loading: Promise<typeof import('./toaster').showToastNow> | undefined;

const loadToast = () => (loading ??= import('./toaster').then((module) => module.showToastNow));

export function showToast(content: string, duration = 2500): void {
  loadToast()
    .then((show) => show(content, duration))
    .catch(() => {
      // the chunk could not load (offline): fall back to the browser's own dialog so the message is not lost
      if (typeof window !== 'undefined') window.alert(content);
    });
}

/** Warms the toast chunk once the page is idle, so the first message shows at once. */
export function preloadToast(): void {
  void loadToast().catch(() => undefined);
}
