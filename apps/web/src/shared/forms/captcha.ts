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
