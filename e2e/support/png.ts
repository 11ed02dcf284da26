import { inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes per pixel of the 8-bit colour types: grey, RGB, grey + alpha, RGBA (palette and 16-bit are not read). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row by row. */
  rgba: Uint8Array;
}

/** The Paeth predictor of the PNG filters. */
function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Decodes a PNG file (the signature, IHDR, the IDAT chunks inflated and unfiltered) to RGBA pixels. Reads what browsers
 * write from a canvas — 8 bits a channel, not interlaced — and throws on anything else, or on a file that is not a PNG.
 */
export function decodePng(file: Buffer): DecodedPng {
  if (file.length < 33 || !file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG: the signature is missing');
  if (file.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG: IHDR is not the first chunk');
  const width = file.readUInt32BE(16);
  const height = file.readUInt32BE(20);
  const [depth, colourType, , , interlace] = file.subarray(24, 29);
  const channels = CHANNELS[colourType!];
  if (depth !== 8 || channels === undefined || interlace !== 0)
    throw new Error(`PNG not read here: depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= file.length;) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(file.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length < height * (stride + 1)) throw new Error(`PNG data too short: ${raw.length} bytes for ${width} × ${height}`);
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? rows[row + x - channels]! : 0;
      const b = y > 0 ? rows[row - stride + x]! : 0;
      const c = x >= channels && y > 0 ? rows[row - stride + x - channels]! : 0;
      const predictor = filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth(a, b, c) : -1;
      if (predictor < 0) throw new Error(`PNG filter ${filter} unknown (row ${y})`);
      rows[row + x] = (raw[source + x]! + predictor) & 0xff;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const p = rows.subarray(i * channels, i * channels + channels);
    const grey = channels <= 2;
    rgba[i * 4] = p[0]!;
    rgba[i * 4 + 1] = grey ? p[0]! : p[1]!;
    rgba[i * 4 + 2] = grey ? p[0]! : p[2]!;
    rgba[i * 4 + 3] = channels === 2 ? p[1]! : channels === 4 ? p[3]! : 255;
  }
  return { width, height, rgba };
}

export interface PngContent {
  width: number;
  height: number;
  /** Distinct opaque colours. */
  colours: number;
  /** The share of pixels that are neither white nor transparent (0 to 1). */
  inked: number;
}

/** What a PNG file shows, in numbers: its size, how many colours, how much of it is drawn on. A blank image has 1 colour and no ink. */
export function pngContent(file: Buffer): PngContent {
  const { width, height, rgba } = decodePng(file);
  const colours = new Set<number>();
  let inked = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    const [r, g, b, a] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!, rgba[i + 3]!];
    if (a === 0) continue;
    colours.add((r << 16) | (g << 8) | b);
    if (r < 245 || g < 245 || b < 245) inked += 1;
  }
  return { width, height, colours: colours.size, inked: inked / (width * height) };
}
