import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * Draws a slide puzzle as two PNGs without native dependencies: a noisy background with a darkened cut-out and the
 * piece cut from the same pixels. Raster images (not SVG) so the secret x position is not readable from the markup.
 */
export const PUZZLE_WIDTH = 300;
export const PUZZLE_HEIGHT = 160;
export const PIECE_SIZE = 56;

export interface Puzzle {
  x: number;
  y: number;
  background: string;
  piece: string;
}

const BODY_INSET = 8;
const KNOB_RADIUS = 7;

/** Whether a point of the piece's box belongs to the shape: a square with a knob on top and one on the right. */
function inShape(u: number, v: number): boolean {
  const lo = BODY_INSET;
  const hi = PIECE_SIZE - BODY_INSET;
  if (u >= lo && u < hi && v >= lo && v < hi) return true;
  const mid = PIECE_SIZE / 2;
  const top = (u - mid) ** 2 + (v - lo) ** 2 <= KNOB_RADIUS ** 2;
  const right = (u - hi) ** 2 + (v - mid) ** 2 <= KNOB_RADIUS ** 2;
  return top || right;
}

function onEdge(u: number, v: number): boolean {
  if (!inShape(u, v)) return false;
  return !inShape(u - 1, v) || !inShape(u + 1, v) || !inShape(u, v - 1) || !inShape(u, v + 1);
}

export function drawPuzzle(): Puzzle {
  const W = PUZZLE_WIDTH;
  const H = PUZZLE_HEIGHT;
  const x = randomInt(PIECE_SIZE + 10, W - PIECE_SIZE - 4);
  const y = randomInt(4, H - PIECE_SIZE - 4);
  const pixels = new Uint8Array(W * H * 4);

  // Gradient between two random colours.
  const c1 = [randomInt(40, 200), randomInt(40, 200), randomInt(40, 200)];
  const c2 = [randomInt(40, 200), randomInt(40, 200), randomInt(40, 200)];
  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      const f = (px / W + py / H) / 2;
      const i = (py * W + px) * 4;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(c1[c]! * (1 - f) + c2[c]! * f);
      pixels[i + 3] = 255;
    }
  }
  const blend = (px: number, py: number, rgb: number[], alpha: number) => {
    if (px < 0 || py < 0 || px >= W || py >= H) return;
    const i = (py * W + px) * 4;
    for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(pixels[i + c]! * (1 - alpha) + rgb[c]! * alpha);
  };
  // Shapes: circles and rectangles of random colours, partly transparent.
  for (let n = 0; n < 14; n++) {
    const rgb = [randomInt(0, 256), randomInt(0, 256), randomInt(0, 256)];
    const alpha = randomInt(25, 70) / 100;
    if (n % 2 === 0) {
      const cx = randomInt(0, W);
      const cy = randomInt(0, H);
      const r = randomInt(8, 40);
      for (let py = cy - r; py <= cy + r; py++)
        for (let px = cx - r; px <= cx + r; px++) if ((px - cx) ** 2 + (py - cy) ** 2 <= r * r) blend(px, py, rgb, alpha);
    } else {
      const rx = randomInt(0, W);
      const ry = randomInt(0, H);
      const rw = randomInt(10, 70);
      const rh = randomInt(6, 40);
      for (let py = ry; py < ry + rh; py++) for (let px = rx; px < rx + rw; px++) blend(px, py, rgb, alpha);
    }
  }
  // Noise.
  for (let n = 0; n < 900; n++) blend(randomInt(0, W), randomInt(0, H), [randomInt(0, 256), randomInt(0, 256), randomInt(0, 256)], 0.6);

  // The piece is cut from the finished background.
  const piece = new Uint8Array(PIECE_SIZE * PIECE_SIZE * 4);
  for (let v = 0; v < PIECE_SIZE; v++) {
    for (let u = 0; u < PIECE_SIZE; u++) {
      const o = (v * PIECE_SIZE + u) * 4;
      if (!inShape(u, v)) continue;
      const i = ((y + v) * W + (x + u)) * 4;
      const edge = onEdge(u, v);
      for (let c = 0; c < 3; c++) piece[o + c] = edge ? 255 : pixels[i + c]!;
      piece[o + 3] = 255;
    }
  }
  // The cut-out: darkened, with a light rim.
  for (let v = 0; v < PIECE_SIZE; v++)
    for (let u = 0; u < PIECE_SIZE; u++) {
      if (!inShape(u, v)) continue;
      if (onEdge(u, v)) blend(x + u, y + v, [255, 255, 255], 0.7);
      else blend(x + u, y + v, [0, 0, 0], 0.55);
    }

  return { x, y, background: pngDataUrl(W, H, pixels), piece: pngDataUrl(PIECE_SIZE, PIECE_SIZE, piece) };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes RGBA pixels as a PNG data URL (filter 0 on every row). */
export function pngDataUrl(width: number, height: number, rgba: Uint8Array): string {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let row = 0; row < height; row++) {
    raw[row * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + row * width * 4, width * 4).copy(raw, row * (width * 4 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
