import type { FastifyRequest } from 'fastify';
import { MESSAGES, uploadLimitKey, type TSystemSettings, type UploadType } from '@strata/shared';
import { badRequest, HttpError } from './errors.js';

export interface UploadedFile {
  fileName: string;
  data: Buffer;
  /** The text fields of the form, whatever their order around the file. */
  fields: Record<string, string>;
}

/** The size limit of an upload type: `<type>_max_upload`, else `general_max_upload`. */
export function uploadLimit(settings: TSystemSettings, type: UploadType): number {
  const specific = (settings as unknown as Record<string, unknown>)[uploadLimitKey(type)];
  return typeof specific === 'number' && specific > 0 ? specific : settings.general_max_upload;
}

/**
 * What the multipart parser (busboy, under @fastify/multipart) throws on a body it cannot read: no boundary in the
 * content type, a body cut off mid-part. Plain errors without a status, matched by their messages.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)$/;

export function isMalformedMultipart(err: unknown): boolean {
  return err instanceof Error && !(err instanceof HttpError) && MALFORMED_MULTIPART.test(err.message);
}

/**
 * Reads a multipart body with `read`: a body the parser cannot read is a 400 `malformedUpload`, not a 500 (issue 17);
 * the parser's own 4xx errors (limits, a `__proto__` field name) and the caller's errors pass unchanged.
 */
export async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (isMalformedMultipart(err)) throw badRequest(MESSAGES.malformedUpload);
    throw err;
  }
}

/**
 * Reads a multipart form holding exactly one file (field name free) and text fields, up to `maxBytes` for the file.
 * The file is held in memory whole (up to `maxBytes`, which the settings cap at `MAX_UPLOAD_LIMIT`).
 * Errors are field errors on `files`, as the upload dialog shows them. `preservePath`: the file name as the client sent
 * it, folders included (by default they are cut off), for callers that refuse names with path parts.
 */
export async function readSingleUpload(req: FastifyRequest, maxBytes: number, options: { preservePath?: boolean } = {}): Promise<UploadedFile> {
  if (!req.isMultipart()) throw badRequest({ files: 'Upload one file' });
  const fields: Record<string, string> = {};
  let file: { fileName: string; data: Buffer } | undefined;
  await readMultipart(async () => {
    for await (const part of req.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 10_000 },
      ...(options.preservePath ? { preservePath: true } : {}),
    })) {
      if (part.type === 'file') {
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw badRequest({ files: `${part.filename} size is greater than allowed size (${maxBytes})` });
          throw err;
        }
        file = { fileName: part.filename, data };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  });
  if (!file) throw badRequest({ files: 'Upload one file' });
  if (file.data.length === 0) throw badRequest({ files: 'The file is empty' });
  return { ...file, fields };
}
