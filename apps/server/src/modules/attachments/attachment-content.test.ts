import { describe, expect, it } from 'vitest';
import { compoundFileKind } from '../../lib/compound-file.js';
import { detectFileKind } from '../../lib/file-signature.js';
import { inspectZip, ooxmlKind } from '../../lib/zip-inspect.js';
import { HttpError } from '../../lib/errors.js';
import { checkAttachment } from './attachment-content.js';
import { compoundFile, doc, docx, image, pdf, xls, xlsx, zip, type ZipInput } from './test-files.js';

const LIMITS = { maxEntries: 1000, maxUncompressedBytes: 100_000_000 };

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  expect((err as HttpError).statusCode).toBe(400);
  return ((err as HttpError).body as Record<string, string>).files!;
}

describe('file content checks', () => {
  it('tells the kinds by content: png, jpeg, gif, pdf, docx, xlsx, doc, xls', async () => {
    const all = ['png', 'jpeg', 'gif', 'pdf', 'docx', 'xlsx', 'doc', 'xls'] as const;
    expect(detectFileKind(await image('png'), all)).toBe('png');
    expect(detectFileKind(await image('jpeg'), all)).toBe('jpeg');
    expect(detectFileKind(await image('gif'), all)).toBe('gif');
    expect(detectFileKind(await pdf(), all)).toBe('pdf');
    expect(detectFileKind(docx(), all)).toBe('docx');
    expect(detectFileKind(await xlsx(), all)).toBe('xlsx');
    expect(detectFileKind(doc(), all)).toBe('doc');
    expect(detectFileKind(xls(), all)).toBe('xls');
  });

  it('reads only the root of a compound file: an Excel workbook with an embedded Word document stays xls', () => {
    const workbookWithWord = compoundFile([
      { name: 'Root Entry', type: 5, child: 1 },
      { name: 'Workbook', type: 2, right: 2 },
      { name: 'ObjectPool', type: 1, child: 3 },
      { name: 'WordDocument', type: 2 },
    ]);
    expect(compoundFileKind(workbookWithWord)).toBe('xls');
    expect(
      compoundFileKind(
        compoundFile([
          { name: 'Root Entry', type: 5, child: 1 },
          { name: 'Contents', type: 2 },
        ]),
      ),
    ).toBeUndefined();
    expect(compoundFileKind(Buffer.concat([doc().subarray(0, 600)]))).toBeUndefined(); // cut short
  });

  it('reads a real XLSX central directory and finds its main part', async () => {
    const z = await inspectZip(await xlsx(), LIMITS);
    expect(z.ok).toBe(true);
    if (z.ok) expect(ooxmlKind(z.entries)).toBe('xlsx');
  });

  it('refuses a ZIP declaring more uncompressed bytes than allowed, without inflating it', async () => {
    const bomb = docx([{ name: 'word/media/huge.bin', data: Buffer.alloc(1000), declaredSize: 0xf0000000 }]);
    expect(bomb.length).toBeLessThan(2000);
    expect(await inspectZip(bomb, LIMITS)).toEqual({ ok: false, reason: 'too-large' });
    // An entry that cannot be inflated comes first: the answer is still the declared size, so nothing was inflated.
    const broken = (extra: ZipInput[]) => {
      const data = docx([{ name: 'word/media/broken.bin', data: 'some text to deflate' }, ...extra]);
      const body = data.indexOf('word/media/broken.bin') + 'word/media/broken.bin'.length; // in the first (local) header
      return data.fill(0xff, body, body + 4); // a deflate block of the reserved type 3
    };
    expect(await inspectZip(broken([]), LIMITS)).toEqual({ ok: false, reason: 'corrupt' });
    expect(await inspectZip(broken([{ name: 'word/media/huge.bin', data: Buffer.alloc(1000), declaredSize: 0xf0000000 }]), LIMITS)).toEqual({
      ok: false,
      reason: 'too-large',
    });
  });

  it('refuses a ZIP whose entry inflates to more than it declared', async () => {
    const liar = docx([{ name: 'word/media/liar.bin', data: Buffer.alloc(1_000_000), declaredSize: 100 }]);
    expect(await inspectZip(liar, LIMITS)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses a ZIP with more entries than allowed', async () => {
    const many = docx(Array.from({ length: 1000 }, (_, i) => ({ name: `word/p${i}.xml`, data: 'x', store: true })));
    expect(await inspectZip(many, LIMITS)).toEqual({ ok: false, reason: 'too-many-entries' });
  });

  it('accepts each allowed photo and document type, naming the stored type and pixel size', async () => {
    expect(await checkAttachment('photo', 'site.jpeg', await image('jpeg', 64, 48))).toMatchObject({
      fileType: 'jpg',
      contentType: 'image/jpeg',
      width: 64,
      height: 48,
    });
    expect(await checkAttachment('photo', 'a.GIF', await image('gif'))).toMatchObject({ fileType: 'gif', width: 40, height: 30 });
    expect(await checkAttachment('document', 'r.pdf', await pdf())).toMatchObject({ fileType: 'pdf', width: null });
    expect(await checkAttachment('document', 'n.docx', docx())).toMatchObject({ fileType: 'docx' });
    expect(await checkAttachment('document', 'w.xlsx', await xlsx())).toMatchObject({ fileType: 'xlsx' });
    expect(await checkAttachment('document', 'old.doc', doc())).toMatchObject({ fileType: 'doc', contentType: 'application/msword' });
    expect(await checkAttachment('document', 'old.xls', xls())).toMatchObject({ fileType: 'xls', contentType: 'application/vnd.ms-excel' });
  });

  it('refuses content of another kind than the name says, and unaccepted names', async () => {
    expect(await refusal(checkAttachment('photo', 'plan.png', await pdf()))).toBe('The content of plan.png is not a PNG image');
    expect(await refusal(checkAttachment('photo', 'plan.jpg', await image('png')))).toBe('The content of plan.jpg is not a JPEG image');
    expect(await refusal(checkAttachment('document', 'sheet.xlsx', docx()))).toBe('The content of sheet.xlsx is not an Excel workbook');
    expect(await refusal(checkAttachment('document', 'old.doc', xls()))).toBe('The content of old.doc is not a Word 97–2003 document');
    expect(await refusal(checkAttachment('photo', 'notes.pdf', await pdf()))).toBe('Photos must be .png, .jpg, .jpeg or .gif');
    expect(await refusal(checkAttachment('document', 'a.svg', '<svg/>' as unknown as Buffer))).toBe('Documents must be .pdf, .docx, .doc, .xlsx or .xls');
    expect(await refusal(checkAttachment('document', 'noext', await pdf()))).toBe('Documents must be .pdf, .docx, .doc, .xlsx or .xls');
  });

  it('refuses names with folders or control characters', async () => {
    for (const name of ['../a.png', 'x/a.png', 'x\\a.png', 'a\u0000.png', '..']) {
      expect(await refusal(checkAttachment('photo', name, await image('png')))).toBe('The file name may not hold folders or control characters');
    }
  });

  it('refuses images larger than 10,000 pixels a side, read from the header', async () => {
    // A PNG header announcing 20,000 x 10 pixels (the pixels themselves are never decoded).
    const wide = await sharp20000();
    expect(await refusal(checkAttachment('photo', 'wide.png', wide))).toBe('Images may be at most 10000 × 10000 pixels');
  });

  it('refuses zip bombs and archives with too many parts as documents', async () => {
    const bomb = docx([{ name: 'word/media/huge.bin', data: Buffer.alloc(1000), declaredSize: 0xf0000000 }]);
    expect(await refusal(checkAttachment('document', 'bomb.docx', bomb))).toBe('The file is too large once uncompressed (at most 100 MB)');
    const many = docx(Array.from({ length: 1000 }, (_, i) => ({ name: `word/p${i}.xml`, data: 'x', store: true })));
    expect(await refusal(checkAttachment('document', 'many.docx', many))).toBe('The file holds too many parts (at most 1000)');
    const noTypes = zip([{ name: 'word/document.xml', data: '<w:document/>' }]);
    expect(await refusal(checkAttachment('document', 'parts.docx', noTypes))).toBe('The file is not a Word document');
  });
});

/** A small PNG whose header says 20,000 x 10 (sharp makes it; a single-colour image compresses to little). */
async function sharp20000(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 20_000, height: 10, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
}
