import { gameArtPath, type GameArtKind } from '@shop/contract/games';

/**
 * Starts downloading a game's banner and icon before the app has rendered (the early requests of the voucher page and
 * the home): the banner is the largest picture on both, and the page's <img> of the same address (shared/ui/GameArt.tsx)
 * takes it from the browser's cache instead of asking only after the first render.
 */
export function preloadGameArt(appId: number): void {
  for (const kind of ['banner', 'icon'] satisfies GameArtKind[]) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = gameArtPath(appId, kind);
    document.head.append(link);
  }
}
