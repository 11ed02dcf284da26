import { formatBytes, LIMITS } from '@strata/shared';

/** Settings as the configuration sends them: name -> value (`general_max_upload`, `instrument_max_upload` …). */
export type UploadSettings = Readonly<Record<string, unknown>>;

function positiveBytes(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * The largest file an upload of `type` accepts (spec §5): the setting `<type>_max_upload` (a hyphen in the type
 * may be written as an underscore: `user_import_max_upload`), else `general_max_upload`, else 10,000,000 bytes.
 */
export function maxUploadBytes(type?: string | null, settings?: UploadSettings | null): number {
  if (settings && type) {
    for (const key of [`${type}_max_upload`, `${type.replace(/-/g, '_')}_max_upload`]) {
      const value = positiveBytes(settings[key]);
      if (value !== null) return value;
    }
  }
  return positiveBytes(settings?.general_max_upload) ?? LIMITS.maxUploadBytes;
}

export interface RefusedFile {
  file: File;
  /** `{filename} size is greater than allowed size ({max})`, the maximum as a size (`10 MB`). */
  message: string;
}

/**
 * Files within the maximum, and the others with the spec's message. The maximum is shown as a readable size
 * (`formatBytes`, base 1000: 10,000,000 -> "10 MB"). `format` builds the message (the i18n text).
 */
export function splitBySize(
  files: readonly File[],
  max: number,
  format: (values: { filename: string; max: string }) => string,
): { accepted: File[]; refused: RefusedFile[] } {
  const accepted: File[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    if (file.size > max) refused.push({ file, message: format({ filename: file.name, max: formatBytes(max) }) });
    else accepted.push(file);
  }
  return { accepted, refused };
}
