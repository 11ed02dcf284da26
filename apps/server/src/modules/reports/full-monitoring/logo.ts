/** The cover's logo (decision 040): a data URL whose bytes are a PNG or a JPEG of the type it says, at most 300 kB. */
import { MONITORING_LOGO_MAX_BYTES } from '@strata/shared';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

export interface Logo {
  format: 'png' | 'jpeg';
  data: Buffer;
  width: number;
  height: number;
}

const starts = (b: Buffer, magic: number[]) => b.length >= magic.length && magic.every((v, i) => b[i] === v);

/** The pixel size from the image's header (PNG IHDR; JPEG's first SOF marker); null when it cannot be read. */
function sizeOf(format: 'png' | 'jpeg', b: Buffer): { width: number; height: number } | null {
  if (format === 'png') return b.length >= 24 && b.toString('ascii', 12, 16) === 'IHDR' ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : null;
  for (let i = 2; i + 9 < b.length;) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    const length = b.readUInt16BE(i + 2);
    // SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

/** The logo of a data URL when its bytes are what it says (PNG or JPEG magic, a readable size); null otherwise. */
export function readLogo(dataUrl: string): Logo | null {
  const m = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!m) return null;
  const format = m[1] as 'png' | 'jpeg';
  const data = Buffer.from(m[2]!, 'base64');
  if (data.length === 0 || data.length > MONITORING_LOGO_MAX_BYTES) return null;
  if (!starts(data, format === 'png' ? PNG : JPEG)) return null;
  const size = sizeOf(format, data);
  if (!size || size.width === 0 || size.height === 0) return null;
  return { format, data, ...size };
}
