/**
 * The slider moves the piece: a handle offset on the track (CSS pixels) maps linearly to the piece's left edge in
 * background pixels, 0 .. width - pieceSize, whatever the image is scaled to on screen.
 */
export function sliderToX(offset: number, trackWidth: number, handleWidth: number, width: number, pieceSize: number): number {
  const travel = Math.max(1, trackWidth - handleWidth);
  const ratio = Math.min(1, Math.max(0, offset / travel));
  return Math.round(ratio * Math.max(0, width - pieceSize));
}

/** Clamps a pointer movement to the track. */
export function clampOffset(offset: number, trackWidth: number, handleWidth: number): number {
  return Math.min(Math.max(0, trackWidth - handleWidth), Math.max(0, offset));
}

/**
 * One sample of the player's drag as POST /common/captcha/verify receives it: x is the piece's left edge in background
 * pixels (the unit of the submitted x), y the pointer's vertical drift from where the drag began (background pixels), t
 * the milliseconds since the drag began.
 */
export interface TrackPoint {
  x: number;
  y: number;
  t: number;
}

/**
 * Adds a sample to the slide track. A full track (the contract allows `max` points) moves its last point instead, so a
 * long, slow drag still ends where the piece was let go.
 */
export function recordTrackPoint(track: TrackPoint[], point: TrackPoint, max: number): void {
  if (max < 1) return;
  if (track.length < max) track.push(point);
  else track[max - 1] = point;
}
