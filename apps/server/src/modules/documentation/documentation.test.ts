import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZManualDocumentFields, type TManualDocument, type TManualDocumentList } from '@strata/shared';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { lastAudit, multipart, tempDataDir } from '../../testing/master-data.js';

const PDF = Buffer.from('%PDF-1.7\n%manual\n1 0 obj<<>>endobj\n%%EOF\n');
/** The smallest ZIP with a word/document.xml entry name (stored, empty): enough for the content check. */
function docx(): Buffer {
  const name = Buffer.from('word/document.xml');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

describe('user manual documents', () => {
  let t: TestApp;
  let writer: Session;
  let reader: Session;

  beforeAll(async () => {
    t = await createTestApp({ dataDir: tempDataDir('manual') });
    await createUser(t.db, { loginName: 'writer', roleId: (await createRole(t.db, ['ManageDocumentation'])).roleId });
    await createUser(t.db, { loginName: 'reader', roleId: (await createRole(t.db, [])).roleId });
    writer = await signIn(t, 'writer');
    reader = await signIn(t, 'reader');
  });
  afterAll(() => t.close());

  const upload = (who: Session, name: string, data: Buffer, fields: Record<string, string> = {}) =>
    as(t, who, { method: 'POST', url: '/api/v1/master-data/documentations', ...multipart(name, data, fields) });

  it('uploads PDF and DOCX documents checked by content; everyone signed in lists and downloads them', async () => {
    const pdf = await upload(writer, 'user-guide.pdf', PDF, { title: 'User Guide' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const doc = pdf.json<TManualDocument>();
    expect(doc).toMatchObject({
      title: 'User Guide',
      file_name: 'user-guide.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
      uploaded_by: 'Test writer',
    });
    const word = await upload(writer, 'Admin Manual.docx', docx());
    expect(word.statusCode, word.body).toBe(200);
    expect(word.json<TManualDocument>()).toMatchObject({ title: 'Admin Manual', content_type: expect.stringContaining('wordprocessingml') });
    expect((await lastAudit(t.db, 'manual-document.upload'))?.after).toMatchObject({ title: 'Admin Manual' });

    const list = (await as(t, reader, { method: 'GET', url: '/api/v1/user-manual/documents' })).json<TManualDocumentList>();
    // Documents are everyone's: other tests' documents (none titled with "guide") may be listed too.
    expect(list.records.map((d) => d.title)).toEqual(expect.arrayContaining(['Admin Manual', 'User Guide']));
    expect((await as(t, reader, { method: 'GET', url: '/api/v1/user-manual/documents?keyword=guide' })).json<TManualDocumentList>().total_records).toBe(1);
    const got = await t.app.inject({ method: 'GET', url: `${doc.url}?_token=${reader.resourceToken}` });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: doc.url })).statusCode).toBe(401);
  });

  it('refuses other files, unsafe titles, and callers without ManageDocumentation', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x');
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await upload(writer, 'sheet.docx', xlsx)).json()).toEqual({ files: 'A manual document must be a PDF or DOCX file' });
    expect((await upload(writer, 'a.pdf', Buffer.from('hello'))).statusCode).toBe(400);
    expect((await upload(writer, 'a.pdf', PDF, { title: '<script>x</script>' })).json()).toEqual({ title: 'input contains malicious character' });
    // The title's limit is the shared one the web form checks.
    const titleMax = ZManualDocumentFields.shape.title.maxLength!;
    const long = await upload(writer, 'a.pdf', PDF, { title: 't'.repeat(titleMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ title: `Title must be at most ${titleMax} characters` });
    expect((await upload(reader, 'a.pdf', PDF)).statusCode).toBe(403);
    const doc = (await upload(writer, 'spare.pdf', PDF, { title: 'Spare' })).json<TManualDocument>();
    expect((await as(t, reader, { method: 'DELETE', url: `/api/v1/master-data/documentations/${doc.document_id}` })).statusCode).toBe(403);
  });

  it('deletes a document and its file', async () => {
    const doc = (await upload(writer, 'obsolete.pdf', PDF, { title: 'Obsolete' })).json<TManualDocument>();
    expect((await t.app.inject({ method: 'GET', url: `${doc.url}?_token=${reader.resourceToken}` })).statusCode).toBe(200);
    expect((await as(t, writer, { method: 'DELETE', url: `/api/v1/master-data/documentations/${doc.document_id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${doc.url}?_token=${reader.resourceToken}` })).statusCode).toBe(404);
    expect((await as(t, writer, { method: 'DELETE', url: `/api/v1/master-data/documentations/${doc.document_id}` })).statusCode).toBe(404);
  });
});
