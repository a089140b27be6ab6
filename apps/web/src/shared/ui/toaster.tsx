import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';
import './toaster.css';

/** How many toasts show at once; later ones wait until one of these has gone. */
const VISIBLE_TOASTS = 3;

let mounted = false;

/**
 * sonner's Toaster in a root of its own, outside the screens (the API client and the pages show toasts without
 * rendering anything). A toast asked for before the Toaster subscribed is replayed to it by sonner.
 */
function mountToaster(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.className = 'shop-toasts';
  document.body.append(host);
  createRoot(host).render(
    <Toaster position="top-center" expand visibleToasts={VISIBLE_TOASTS} theme="dark" toastOptions={{ className: 'shop-toast' }} />,
  );
}

export function showToastNow(content: string, duration: number): void {
  mountToaster();
  toast(content, { duration });
}
