import { MONITORING_LOGO_MAX_BYTES } from '@strata/shared';

/** Why a logo file is refused (an i18n key of `fullMonitoring.logo`), checked before anything is sent. */
export type LogoProblem = 'type' | 'size';

const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);
/** The first bytes of a PNG (89 50 4E 47) and of a JPEG (FF D8 FF). */
const MAGIC: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
];

export class LogoError extends Error {
  constructor(readonly problem: LogoProblem) {
    super(problem);
  }
}

function readAs<T extends 'arrayBuffer' | 'dataUrl'>(file: Blob, as: T): Promise<T extends 'dataUrl' ? string : ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T extends 'dataUrl' ? string : ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    if (as === 'dataUrl') reader.readAsDataURL(file);
    else reader.readAsArrayBuffer(file);
  });
}

/**
 * A cover logo as a data URL: a PNG or JPEG (by its type and its first bytes) of at most MONITORING_LOGO_MAX_BYTES,
 * or a `LogoError` saying why not. The server checks the same again.
 */
export async function readLogo(file: File): Promise<string> {
  if (!LOGO_TYPES.has(file.type)) throw new LogoError('type');
  if (file.size > MONITORING_LOGO_MAX_BYTES) throw new LogoError('size');
  const head = new Uint8Array(await readAs(file.slice(0, 4), 'arrayBuffer'));
  if (!MAGIC.some((magic) => magic.every((byte, i) => head[i] === byte))) throw new LogoError('type');
  const url = await readAs(file, 'dataUrl');
  // The contract's form: `data:image/png;base64,…` (a browser may name a JPEG image/jpg).
  return url.replace(/^data:image\/jpg;/, 'data:image/jpeg;');
}
