/** Real files for the attachment tests: images (sharp), PDF (pdfkit), XLSX (exceljs), hand-built ZIPs and OLE2 files. */
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

export function image(format: 'png' | 'jpeg' | 'gif', width = 40, height = 30, background = '#0471d1'): Promise<Buffer> {
  const blank = sharp({ create: { width, height, channels: 3, background } });
  return blank[format]().toBuffer();
}

export function pdf(text = 'Monitoring report'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text(text);
    doc.end();
  });
}

export async function xlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Readings').addRows([
    ['instrument', 'value'],
    ['SM-1', 1.5],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---- ZIP ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipInput {
  name: string;
  data: Buffer | string;
  /** Deflate (default) or store. */
  store?: boolean;
  /** Lie about the uncompressed size in both headers. */
  declaredSize?: number;
}

/** A ZIP archive written by hand, so that its headers can say what a test needs. */
export function zip(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = typeof e.data === 'string' ? Buffer.from(e.data) : e.data;
    const body = e.store ? raw : deflateRawSync(raw);
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(e.store ? 0 : 8, 8);
    local.writeUInt32LE(crc32(raw), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.store ? 0 : 8, 10);
    central.writeUInt32LE(crc32(raw), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

const CONTENT_TYPES_XML = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

/** A minimal Word document (OOXML parts only); `extra` entries are added after the main parts. */
export function docx(extra: ZipInput[] = [], text = 'Inspection notes'): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES_XML },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    },
    ...extra,
  ]);
}

// ---- OLE2 compound files (.doc, .xls) ----

interface CfbEntry {
  name: string;
  type: 1 | 2 | 5;
  left?: number;
  right?: number;
  child?: number;
}

const NOSTREAM = 0xffffffff;

/** A compound file with one FAT sector and one directory sector holding `entries` (entry 0 must be the root). */
export function compoundFile(entries: CfbEntry[]): Buffer {
  const header = Buffer.alloc(512, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // FAT sectors
  header.writeUInt32LE(1, 0x30); // first directory sector
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0: the FAT itself
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1: the directory, end of chain
  const dir = Buffer.alloc(512, 0);
  entries.slice(0, 4).forEach((e, i) => {
    const at = i * 128;
    const name = Buffer.from(`${e.name}\0`, 'utf16le');
    name.copy(dir, at);
    dir.writeUInt16LE(name.length, at + 0x40);
    dir[at + 0x42] = e.type;
    dir[at + 0x43] = 1;
    dir.writeUInt32LE(e.left ?? NOSTREAM, at + 0x44);
    dir.writeUInt32LE(e.right ?? NOSTREAM, at + 0x48);
    dir.writeUInt32LE(e.child ?? NOSTREAM, at + 0x4c);
    dir.writeUInt32LE(0xfffffffe, at + 0x74);
  });
  for (let i = entries.length; i < 4; i++) {
    dir.writeUInt32LE(NOSTREAM, i * 128 + 0x44);
    dir.writeUInt32LE(NOSTREAM, i * 128 + 0x48);
    dir.writeUInt32LE(NOSTREAM, i * 128 + 0x4c);
  }
  return Buffer.concat([header, fat, dir]);
}

/** A Word 97–2003 document's structure: WordDocument and 1Table streams under the root. */
export const doc = () =>
  compoundFile([
    { name: 'Root Entry', type: 5, child: 1 },
    { name: 'WordDocument', type: 2, right: 2 },
    { name: '1Table', type: 2 },
  ]);
/** An Excel 97–2003 workbook's structure: a Workbook stream under the root. */
export const xls = () =>
  compoundFile([
    { name: 'Root Entry', type: 5, child: 1 },
    { name: 'Workbook', type: 2 },
  ]);
