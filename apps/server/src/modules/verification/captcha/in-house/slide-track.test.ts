import { describe, expect, it } from 'vitest';
import { CAPTCHA_TRACK_MAX } from '@shop/contract/verification';
import { personDrag, SLIDER_TRAVEL, sliderToX } from '../../../../../test/slide-drag.ts';
import { isHumanTrack } from './slide-track.ts';

const TOLERANCE = 6;
/** A naive script: the same distance every 16 ms. */
const glide = (targetX: number, steps = 20, stepMs = 16) =>
  Array.from({ length: steps }, (_, i) => ({ x: Math.round(((i + 1) / steps) * targetX), t: (i + 1) * stepMs }));

describe('slide track', () => {
  it('accepts a person’s drag as the web client records it, fast or slow, on 60 and 120 Hz screens', () => {
    for (const duration of [200, 450, 1200, 3000]) {
      expect(isHumanTrack(personDrag(137, duration), 137, TOLERANCE), `${duration} ms`).toBe(true);
      expect(isHumanTrack(personDrag(137, duration, 1000 / 120), 137, TOLERANCE), `${duration} ms at 120 Hz`).toBe(true);
    }
    // every place the piece can be cut out (puzzle-image.ts)
    for (let x = 60; x <= 246; x++) expect(isHumanTrack(personDrag(x), x, TOLERANCE), `x ${x}`).toBe(true);
  });

  it('accepts a slow drag whose track the client cut at CAPTCHA_TRACK_MAX points (its last point is not the end)', () => {
    const long = personDrag(200, 10_000, 1000 / 120);
    expect(long.length).toBeGreaterThan(CAPTCHA_TRACK_MAX);
    const cut = long.slice(0, CAPTCHA_TRACK_MAX);
    expect(Math.abs(cut.at(-1)!.x - 200)).toBeGreaterThan(TOLERANCE);
    expect(isHumanTrack(cut, 200, TOLERANCE)).toBe(true);
  });

  it('refuses no track and one of fewer than 5 points', () => {
    expect(isHumanTrack(undefined, 100, TOLERANCE)).toBe(false);
    expect(isHumanTrack([], 100, TOLERANCE)).toBe(false);
    expect(isHumanTrack([{ x: 0, t: 0 }, { x: 30, t: 90 }, { x: 70, t: 200 }, { x: 100, t: 700 }], 100, TOLERANCE)).toBe(false);
  });

  it('refuses a track out of time order', () => {
    const track = personDrag(120, 600);
    [track[3], track[4]] = [track[4]!, track[3]!];
    expect(isHumanTrack(track, 120, TOLERANCE)).toBe(false);
  });

  it('refuses a drag shorter than 150 ms', () => {
    expect(isHumanTrack(personDrag(120, 120), 120, TOLERANCE)).toBe(false);
    expect(isHumanTrack(personDrag(120, 160), 120, TOLERANCE)).toBe(true);
  });

  it('refuses a track that ends away from the submitted x', () => {
    const track = personDrag(120, 600);
    expect(isHumanTrack(track, 120 + TOLERANCE, TOLERANCE)).toBe(true);
    expect(isHumanTrack(track, 120 + TOLERANCE + 1, TOLERANCE)).toBe(false);
    expect(isHumanTrack(track, 60, TOLERANCE)).toBe(false);
  });

  it('refuses a glide at constant speed in even steps, also with x and t rounded as clients do', () => {
    for (let x = 60; x <= 246; x++) expect(isHumanTrack(glide(x), x, TOLERANCE), `x ${x}`).toBe(false);
    for (let x = 60; x <= 246; x += 7) expect(isHumanTrack(glide(x, 47, 7), x, TOLERANCE), `x ${x}, 47 steps`).toBe(false);
    const rounded = Array.from({ length: 30 }, (_, i) => ({ x: (i + 1) * 5, t: Math.round((i + 1) * 16.7) }));
    expect(isHumanTrack(rounded, 150, TOLERANCE)).toBe(false);
    // uneven pauses, a changing speed or a pointer drifting up and down are enough
    const paused = glide(160).map((point, i) => ({ ...point, t: point.t + (i > 10 ? 40 : 0) }));
    expect(isHumanTrack(paused, 160, TOLERANCE)).toBe(true);
    const drifting = glide(160).map((point, i) => ({ ...point, y: (i % 3) - 1 }));
    expect(isHumanTrack(drifting, 160, TOLERANCE)).toBe(true);
    expect(isHumanTrack(glide(160).map((point) => ({ ...point, y: 4 })), 160, TOLERANCE)).toBe(false);
  });

  it('accepts the web client’s track with the pointer-down point, coalesced samples, vertical drift and the release point', () => {
    const moves = personDrag(150, 500, 1000 / 240).map((point, i) => ({ ...point, y: Math.round(Math.sin(i / 9) * 2) }));
    const track = [{ x: 0, y: 0, t: 0 }, ...moves, { ...moves.at(-1)!, t: moves.at(-1)!.t + 12 }];
    expect(isHumanTrack(track, 150, TOLERANCE)).toBe(true);
  });

  it('refuses the browser tests’ solver drag (12 moves a few ms apart), which is why the check is off under SHOP_ENV=test', () => {
    const offset = (140 / 250) * SLIDER_TRAVEL;
    const gaps = [3, 2, 4, 3, 2, 5, 3, 2, 3, 4, 2, 3];
    let t = 0;
    const quick = gaps.map((gap, i) => ({ x: sliderToX((offset * (i + 1)) / 12), y: ((i + 1) % 3) - 1, t: (t += gap) }));
    expect(isHumanTrack([{ x: 0, y: 0, t: 0 }, ...quick], 140, TOLERANCE)).toBe(false);
    // the same 12 moves spread over a quarter second with uneven pauses would pass
    t = 0;
    const spread = gaps.map((gap, i) => ({ x: sliderToX((offset * (i + 1)) / 12), t: (t += gap * 8) }));
    expect(isHumanTrack(spread, 140, TOLERANCE)).toBe(true);
  });
});
