import sharp, { type Metadata } from 'sharp';
import { ATTACHMENT_LIMITS, DOCUMENT_EXTENSIONS, PHOTO_EXTENSIONS, type TAttachmentKind, type TFileType } from '@strata/shared';
import { badRequest } from '../../lib/errors.js';
import { CONTENT_TYPES, detectFileKind, type FileKind } from '../../lib/file-signature.js';
import { inspectZip, ooxmlKind } from '../../lib/zip-inspect.js';

/**
 * What a photo or document upload must be (spec §5, decision 014): a plain file name with an accepted extension, and
 * content of that extension's kind — the file signature; for Office OOXML a ZIP within the entry and size limits
 * whose main part matches; for OLE2 (.doc/.xls) the root stream; for images the pixel size read from the header.
 * Every refusal is a 400 field error on `files`, as the upload dialog shows it.
 */

export interface CheckedFile {
  fileName: string;
  fileType: TFileType;
  contentType: string;
  width: number | null;
  height: number | null;
}

const PHOTO_MESSAGE = 'Photos must be .png, .jpg, .jpeg or .gif';
const DOCUMENT_MESSAGE = 'Documents must be .pdf, .docx, .doc, .xlsx or .xls';

/** The kind the content must have for each accepted extension. */
const KIND_OF: Record<string, FileKind> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', gif: 'gif', pdf: 'pdf', docx: 'docx', doc: 'doc', xlsx: 'xlsx', xls: 'xls' };
const LABEL: Record<string, string> = {
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  gif: 'a GIF image',
  pdf: 'a PDF document',
  docx: 'a Word document',
  doc: 'a Word 97–2003 document',
  xlsx: 'an Excel workbook',
  xls: 'an Excel 97–2003 workbook',
};

const fail = (message: string) => badRequest({ files: message });

/**
 * The name as the client sent it, refused when it holds a folder (`/`, `\`, `..` alone), NUL or other control
 * characters, or is longer than 255 characters. Returns the trimmed name.
 */
export function checkFileName(name: string): string {
  const trimmed = name.trim();
  // eslint-disable-next-line no-control-regex
  if (trimmed === '' || /[/\\\u0000-\u001f\u007f]/.test(trimmed) || trimmed === '.' || trimmed === '..') {
    throw fail('The file name may not hold folders or control characters');
  }
  if (trimmed.length > 255) throw fail('The file name may be at most 255 characters');
  return trimmed;
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

async function checkImage(kind: FileKind, data: Buffer): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw fail(`The file is not ${LABEL[kind]}`);
  }
  if (meta.format !== kind || !meta.width || !meta.height) throw fail(`The file is not ${LABEL[kind]}`);
  const height = meta.pageHeight ?? meta.height;
  const max = ATTACHMENT_LIMITS.maxImageSide;
  if (meta.width > max || height > max) throw fail(`Images may be at most ${max} × ${max} pixels`);
  return { width: meta.width, height };
}

async function checkOoxml(kind: 'docx' | 'xlsx', data: Buffer): Promise<void> {
  const z = await inspectZip(data, { maxEntries: ATTACHMENT_LIMITS.maxZipEntries, maxUncompressedBytes: ATTACHMENT_LIMITS.maxZipUncompressedBytes });
  if (!z.ok) {
    if (z.reason === 'too-many-entries') throw fail(`The file holds too many parts (at most ${ATTACHMENT_LIMITS.maxZipEntries})`);
    if (z.reason === 'too-large') throw fail(`The file is too large once uncompressed (at most ${ATTACHMENT_LIMITS.maxZipUncompressedBytes / 1_000_000} MB)`);
    if (z.reason === 'encrypted') throw fail('Encrypted files are not accepted');
    throw fail(`The file is not ${LABEL[kind]}`);
  }
  if (ooxmlKind(z.entries) !== kind) throw fail(`The file is not ${LABEL[kind]}`);
}

/** Checks an upload of `kind` and tells what it is; throws a 400 field error on `files` otherwise. */
export async function checkAttachment(kind: TAttachmentKind, name: string, data: Buffer): Promise<CheckedFile> {
  const fileName = checkFileName(name);
  const ext = extensionOf(fileName);
  const accepted: readonly string[] = kind === 'photo' ? PHOTO_EXTENSIONS : DOCUMENT_EXTENSIONS;
  if (!accepted.includes(ext)) throw fail(kind === 'photo' ? PHOTO_MESSAGE : DOCUMENT_MESSAGE);
  const expected = KIND_OF[ext]!;
  if (detectFileKind(data, [expected]) !== expected) throw fail(`The content of ${fileName} is not ${LABEL[expected]}`);
  let width: number | null = null;
  let height: number | null = null;
  if (expected === 'png' || expected === 'jpeg' || expected === 'gif') ({ width, height } = await checkImage(expected, data));
  if (expected === 'docx' || expected === 'xlsx') await checkOoxml(expected, data);
  const fileType = (expected === 'jpeg' ? 'jpg' : expected) as TFileType;
  return { fileName, fileType, contentType: CONTENT_TYPES[expected], width, height };
}
