/** The web client's slider (SlidePuzzle): 300 px track, 44 px handle, 300 px background, 50 px piece. */
export const SLIDER_TRAVEL = 300 - 44;

/** Piece x (background px) for a handle offset, as the web client's sliderToX maps it. */
export const sliderToX = (offset: number) => Math.round((Math.min(SLIDER_TRAVEL, Math.max(0, offset)) / SLIDER_TRAVEL) * (300 - 50));

/**
 * A person's drag of the slider to `targetX` as the web client records it: one pointer move per frame, speed rising then
 * falling, piece x and whole milliseconds since pointer-down.
 */
export function personDrag(targetX: number, durationMs = 600, frameMs = 1000 / 60): { x: number; t: number }[] {
  const offset = (targetX / 250) * SLIDER_TRAVEL;
  const moves = Math.max(1, Math.round(durationMs / frameMs));
  return Array.from({ length: moves }, (_, i) => {
    const p = (i + 1) / moves;
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    return { x: sliderToX(offset * eased), t: Math.round(4 + (i + 1) * frameMs) };
  });
}
