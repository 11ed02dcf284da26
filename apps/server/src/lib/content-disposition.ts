import contentDisposition from 'content-disposition';

/**
 * A `Content-Disposition` header (RFC 6266) from the `content-disposition` package: `filename="…"` alone for a plain
 * ASCII name, and for any other name an ASCII fallback (each character outside printable ASCII becomes `_`) plus the
 * exact UTF-8 name in `filename*=UTF-8''…` (RFC 5987/8187). The ASCII fallback is passed in because the package's
 * own fallback is Latin-1, which browsers read as UTF-8 first and show garbled. Quotes and backslashes are escaped
 * inside the quoted string; a path in the name is cut to its last part (a download has no folder).
 */
function disposition(type: 'attachment' | 'inline', fileName: string): string {
  return contentDisposition(fileName, { type, fallback: fileName.replace(/[^\x20-\x7e]/g, '_') });
}

/** The browser saves the file under its name. */
export function attachment(fileName: string): string {
  return disposition('attachment', fileName);
}

/** The browser shows the file (an image tag's thumbnail) and keeps the name for "save as". */
export function inline(fileName: string): string {
  return disposition('inline', fileName);
}

export const MIME: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};
