import { describe, expect, it } from 'vitest';
import { clampOffset, recordTrackPoint, sliderToX, type TrackPoint } from './captcha';
import { secondsLeft } from './countdown';
import { countryOptions, withDialCode } from './useCountries';

describe('resend countdown', () => {
  it('counts 60 s down to 0 from the moment the code was sent', () => {
    expect(secondsLeft(undefined, 5_000)).toBe(0);
    expect(secondsLeft(1_000, 1_000)).toBe(60);
    expect(secondsLeft(1_000, 1_001)).toBe(60);
    expect(secondsLeft(1_000, 2_000)).toBe(59);
    expect(secondsLeft(1_000, 60_999)).toBe(1);
    expect(secondsLeft(1_000, 61_000)).toBe(0);
    expect(secondsLeft(1_000, 999_000)).toBe(0);
    // a clock that went backwards never shows more than the full length
    expect(secondsLeft(10_000, 0)).toBe(60);
  });
});

describe('captcha slider to piece position', () => {
  it('maps the handle travel linearly onto 0 .. width - pieceSize background pixels', () => {
    // track 300 px wide, handle 44 px: 256 px of travel; background 300 px, piece 50 px: x from 0 to 250
    expect(sliderToX(0, 300, 44, 300, 50)).toBe(0);
    expect(sliderToX(256, 300, 44, 300, 50)).toBe(250);
    expect(sliderToX(128, 300, 44, 300, 50)).toBe(125);
    // a scaled-down image (background 600 px shown 300 px wide) still answers in background pixels
    expect(sliderToX(128, 300, 44, 600, 60)).toBe(270);
  });

  it('clamps the handle to the track', () => {
    expect(clampOffset(-20, 300, 44)).toBe(0);
    expect(clampOffset(500, 300, 44)).toBe(256);
    expect(clampOffset(100, 300, 44)).toBe(100);
    expect(sliderToX(1000, 300, 44, 300, 50)).toBe(250);
  });
});

describe('captcha slide track', () => {
  it('keeps every sample up to the limit, then moves the last one so the track ends where the piece was let go', () => {
    const track: TrackPoint[] = [];
    recordTrackPoint(track, { x: 0, y: 0, t: 0 }, 3);
    recordTrackPoint(track, { x: 10, y: 1, t: 16 }, 3);
    recordTrackPoint(track, { x: 25, y: 1, t: 33 }, 3);
    expect(track).toEqual([
      { x: 0, y: 0, t: 0 },
      { x: 10, y: 1, t: 16 },
      { x: 25, y: 1, t: 33 },
    ]);
    recordTrackPoint(track, { x: 40, y: 2, t: 50 }, 3);
    expect(track).toEqual([
      { x: 0, y: 0, t: 0 },
      { x: 10, y: 1, t: 16 },
      { x: 40, y: 2, t: 50 },
    ]);
  });
});

describe('country picker options', () => {
  it('names countries in the active language, sorted, with bare dial codes', () => {
    const list = [
      { regionCode: 'DE', region: 'Germany', regionCN: '德国', dialCode: '+49' },
      { regionCode: 'AT', region: 'Austria', regionCN: '奥地利', dialCode: '43' },
    ];
    expect(countryOptions(list, 'en').map((c) => c.name)).toEqual(['Austria', 'Germany']);
    expect(countryOptions(list, 'de')).toEqual([
      { iso2: 'DE', name: 'Deutschland', dialCode: '49' },
      { iso2: 'AT', name: 'Österreich', dialCode: '43' },
    ]);
    expect(countryOptions(list, 'zh').map((c) => c.name)).toContain('德国');
  });
});

describe('calling-code picker options', () => {
  it('leaves out the territories without a calling code (they stay in the country/region picker)', () => {
    const list = [
      { regionCode: 'AQ', region: 'Antarctica', regionCN: '南极洲', dialCode: '' },
      { regionCode: 'BV', region: 'Bouvet Island', regionCN: '布韦岛', dialCode: '' },
      { regionCode: 'HM', region: 'Heard Island and McDonald Islands', regionCN: '赫德岛和麦克唐纳群岛', dialCode: '' },
      { regionCode: 'TF', region: 'French Southern Territories', regionCN: '法属南部领地', dialCode: '' },
      { regionCode: 'UM', region: 'United States Minor Outlying Islands', regionCN: '美国本土外小岛屿', dialCode: '+' },
      { regionCode: 'GB', region: 'United Kingdom', regionCN: '英国', dialCode: '44' },
      { regionCode: 'US', region: 'United States', regionCN: '美国', dialCode: '+1' },
    ];
    const all = countryOptions(list, 'en');
    expect(all).toHaveLength(7);
    expect(withDialCode(all).map((option) => [option.iso2, option.dialCode])).toEqual([
      ['GB', '44'],
      ['US', '1'],
    ]);
  });
});
