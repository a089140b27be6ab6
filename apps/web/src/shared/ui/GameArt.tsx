import { useState } from 'react';
import { GAME_ART_SIZE, gameArtPath, type GameArtKind } from '@shop/contract/games';
import './game-art.css';

/**
 * A game's banner or icon as the catalogue names it (issue 14). The server redirects /media/games/<appId>/<kind> to the
 * image, so the page needs no request of its own; a game without art answers 404 and the art goes away. Both are
 * decoration next to the game's name (alt=""), in boxes of fixed size (no layout shift), fetched at low priority so
 * that they never hold up the page's first paint.
 */
function GameArtImage({ appId, kind, className, onError }: { appId: number; kind: GameArtKind; className: string; onError: () => void }) {
  const { width, height } = GAME_ART_SIZE[kind];
  return (
    <img
      className={className}
      src={gameArtPath(appId, kind)}
      width={width}
      height={height}
      alt=""
      decoding="async"
      fetchPriority="low"
      onError={onError}
      data-testid={`game-${kind}`}
    />
  );
}

/** Whether this game's image failed (no art configured): remembered per game, so a switch of game tries again. */
function useArtFailed(appId: number): [boolean, () => void] {
  const [failedFor, setFailedFor] = useState<number | null>(null);
  return [failedFor === appId, () => setFailedFor(appId)];
}

/**
 * The banner behind a dark header (which is `position: relative; isolation: isolate`): it covers the header under a
 * shade that keeps white text readable on any picture, and adds no height.
 */
export function GameBanner({ appId }: { appId: number }) {
  const [failed, fail] = useArtFailed(appId);
  if (failed) return null;
  return (
    <div className="game-banner" aria-hidden="true">
      <GameArtImage key={appId} appId={appId} kind="banner" className="game-banner__image" onError={fail} />
    </div>
  );
}

/** The game's square icon, `size` px, beside its name. */
export function GameIcon({ appId, size = 40 }: { appId: number; size?: number }) {
  const [failed, fail] = useArtFailed(appId);
  if (failed) return null;
  return (
    <span className="game-icon" style={{ width: size, height: size }} aria-hidden="true">
      <GameArtImage key={appId} appId={appId} kind="icon" className="game-icon__image" onError={fail} />
    </span>
  );
}
