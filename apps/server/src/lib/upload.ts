import type { FastifyRequest } from 'fastify';
import { uploadLimitKey, type TSystemSettings, type UploadType } from '@strata/shared';
import { badRequest } from './errors.js';

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
 * Reads a multipart form holding exactly one file (field name free) and text fields, up to `maxBytes` for the file.
 * The file is held in memory whole (up to `maxBytes`, which the settings cap at `MAX_UPLOAD_LIMIT`).
 * Errors are field errors on `files`, as the upload dialog shows them. `preservePath`: the file name as the client sent
 * it, folders included (by default they are cut off), for callers that refuse names with path parts.
 */
export async function readSingleUpload(req: FastifyRequest, maxBytes: number, options: { preservePath?: boolean } = {}): Promise<UploadedFile> {
  if (!req.isMultipart()) throw badRequest({ files: 'Upload one file' });
  const fields: Record<string, string> = {};
  let file: { fileName: string; data: Buffer } | undefined;
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
  if (!file) throw badRequest({ files: 'Upload one file' });
  if (file.data.length === 0) throw badRequest({ files: 'The file is empty' });
  return { ...file, fields };
}
