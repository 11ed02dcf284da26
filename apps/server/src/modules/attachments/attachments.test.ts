import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TDocument, TDocumentList, TPhoto, TPhotoList, TRecordFileList } from '@strata/shared';
import { attachments, attachmentThumbnails } from '../../db/schema/index.js';
import { recorder } from '../../platform/bus.test-support.js';
import { waitFor } from '../../testing/wait.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { countRows, createInstrument, createType, createWorld, filesUnder, lastAudit, multipart, tempDataDir, type World } from '../../testing/master-data.js';
import { REALTIME_CHANNEL, type RealtimeDelivery } from '../realtime/realtime.publish.js';
import { doc, docx, image, pdf, xls, xlsx } from './test-files.js';

describe('photos and documents of a record', () => {
  let t: TestApp;
  let w: World;
  let dataDir: string;
  let watcher: Session; // sees contract A, no task
  let instA: number;
  let instB: number;
  const bus = recorder<RealtimeDelivery>();
  const req = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, extra: object = {}) =>
    as(t, who, { method, url: `/api/v1${url}`, ...extra });
  const upload = (who: Session, kind: 'photos' | 'documents', category: string, id: number, name: string, data: Buffer) =>
    req(who, 'POST', `/${kind}/${category}/${id}`, multipart(name, data));
  const stored = () => filesUnder(path.join(dataDir, 'files', 'attachments'));
  const storedThumbnails = () => stored().filter((f) => f.includes(`${path.sep}thumbnails${path.sep}`));
  let sm: number;
  let n = 0;
  /** The photos of the first test, on instA: a large PNG by nobody, then a JPEG and a small GIF by xuser. */
  const uploadPhotos = async () => {
    for (const [who, name, data] of [
      [w.sessions.nobody, 'Settlement crack.png', await image('png', 800, 600)],
      [w.sessions.xuser, 'face.JPEG', await image('jpeg')],
      [w.sessions.xuser, 'anim.gif', await image('gif')],
    ] as const) {
      const res = await upload(who, 'photos', 'instrument', instA, name, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
  };
  /** The documents of the second test, on instA, by the manager. */
  const uploadDocuments = async () => {
    for (const [name, data] of [
      ['Inspection.pdf', await pdf()],
      ['Notes.docx', docx()],
      ['Readings.xlsx', await xlsx()],
      ['Old notes.doc', doc()],
      ['Old sheet.xls', xls()],
    ] as const) {
      const res = await upload(w.sessions.manager, 'documents', 'instrument', instA, name, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
  };

  beforeAll(async () => {
    dataDir = tempDataDir('attachments');
    t = await createTestApp({ dataDir });
    // manager, xuser, yuser hold ManageInstruments; nobody holds no task.
    w = await createWorld(t, ['ManageInstruments']);
    const none = await createRole(t.db, []);
    await createUser(t.db, { loginName: 'watcher', roleId: none.roleId, contractIds: [w.contractA] });
    watcher = await signIn(t, 'watcher');
    sm = (await createType(t.db, 'SMX')).type.typeId;
    await t.ctx.bus.subscribe(REALTIME_CHANNEL, bus.handler);
  });
  afterAll(() => t.close());
  // New records for each test: the lists, counts and deletions below are of the files the test attached itself.
  beforeEach(async () => {
    n++;
    instA = (await createInstrument(t.db, { name: `SM-A${n}`, contractId: w.contractA, typeId: sm, easting: 30400, northing: 28650 })).instrumentId;
    instB = (await createInstrument(t.db, { name: `SM-B${n}`, contractId: w.contractB, typeId: sm })).instrumentId;
  });

  it('attaches photos of each type to a record a user can see, stores them under generated names and tells the uploader', async () => {
    const png = await image('png', 800, 600);
    const res = await upload(w.sessions.nobody, 'photos', 'instrument', instA, 'Settlement crack.png', png);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<TPhoto>();
    expect(p).toMatchObject({
      file_name: 'Settlement crack.png',
      file_type: 'png',
      size: png.length,
      width: 800,
      height: 600,
      category: 'instrument',
      ref_id: instA,
      can_delete: true,
    });
    expect(p.uploader_email).toMatch(/^nobody.*@example\.com$/);
    expect(p.url).toBe(`/api/v1/photos/${p.file_id}`);
    expect(p.thumbnail_url).toBe(`/api/v1/photos/${p.file_id}?size=128`);
    // Stored under a random key outside any served folder; the row keeps the name.
    const [row] = await t.db.orm.select().from(attachments).where(eq(attachments.fileId, p.file_id));
    expect(row!.storageKey).toMatch(/^attachments\/[0-9a-f]{32}\.png$/);
    expect(stored().map((f) => path.basename(f))).toContain(path.basename(row!.storageKey));
    expect(stored().some((f) => f.includes('Settlement'))).toBe(false);
    expect((await lastAudit(t.db, 'photo.upload'))?.after).toMatchObject({
      category: 'instrument',
      ref_id: instA,
      contract_id: w.contractA,
      file_name: 'Settlement crack.png',
    });
    // fileCompleted with payload document, to the uploader only, after commit.
    await waitFor(
      () =>
        bus.got.some(
          ({ event: e }) =>
            e.to === 'users' &&
            e.user_ids.length === 1 &&
            e.user_ids[0] === w.userIds.nobody &&
            e.message.event === 'notification' &&
            e.message.data.type === 'fileCompleted' &&
            e.message.data.payload === 'document' &&
            e.message.data.category === 'instrument' &&
            e.message.data.ref_id === instA &&
            e.message.data.link_uri === `/dashboard/search/instrument/${instA}`,
        ),
      5000,
    );

    expect((await upload(w.sessions.xuser, 'photos', 'instrument', instA, 'face.JPEG', await image('jpeg'))).json<TPhoto>()).toMatchObject({
      file_type: 'jpg',
      can_delete: true,
    });
    expect((await upload(w.sessions.xuser, 'photos', 'instrument', instA, 'anim.gif', await image('gif'))).json<TPhoto>()).toMatchObject({ file_type: 'gif' });
  });

  it('attaches documents of each type', async () => {
    const files: [string, Buffer, string][] = [
      ['Inspection.pdf', await pdf(), 'pdf'],
      ['Notes.docx', docx(), 'docx'],
      ['Readings.xlsx', await xlsx(), 'xlsx'],
      ['Old notes.doc', doc(), 'doc'],
      ['Old sheet.xls', xls(), 'xls'],
    ];
    for (const [name, data, type] of files) {
      const res = await upload(w.sessions.manager, 'documents', 'instrument', instA, name, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json<TDocument>()).toMatchObject({
        file_name: name,
        file_type: type,
        size: data.length,
        url: expect.stringMatching(/^\/api\/v1\/documents\/\d+$/),
      });
    }
    expect((await lastAudit(t.db, 'document.upload'))?.after).toMatchObject({ file_name: 'Old sheet.xls', file_type: 'xls' });
  });

  it('refuses by content, size and name, and stores nothing', async () => {
    const rows = await countRows(t.db, attachments);
    const files = stored().length;
    const refused = async (kind: 'photos' | 'documents', name: string, data: Buffer) => {
      const res = await upload(w.sessions.manager, kind, 'instrument', instA, name, data);
      expect(res.statusCode, name).toBe(400);
      return res.json<{ files: string }>().files;
    };
    expect(await refused('photos', 'plan.png', await pdf())).toBe('The content of plan.png is not a PNG image');
    expect(await refused('photos', 'plan.pdf', await pdf())).toBe('Photos must be .png, .jpg, .jpeg or .gif');
    expect(await refused('documents', 'plan.png', await image('png'))).toBe('Documents must be .pdf, .docx, .doc, .xlsx or .xls');
    expect(await refused('photos', 'big.png', Buffer.concat([await image('png'), Buffer.alloc(10_000_001)]))).toBe(
      'big.png size is greater than allowed size (10000000)',
    );
    expect(await refused('photos', '../../etc/a.png', await image('png'))).toBe('The file name may not hold folders or control characters');
    expect(await refused('photos', '..\\a.png', await image('png'))).toBe('The file name may not hold folders or control characters');
    const bomb = docx([{ name: 'word/media/huge.bin', data: Buffer.alloc(2000), declaredSize: 0xf0000000 }]);
    expect(bomb.length).toBeLessThan(3000);
    expect(await refused('documents', 'bomb.docx', bomb)).toBe('The file is too large once uncompressed (at most 100 MB)');
    const many = docx(Array.from({ length: 1001 }, (_, i) => ({ name: `word/p${i}.xml`, data: 'x', store: true })));
    expect(await refused('documents', 'many.docx', many)).toBe('The file holds too many parts (at most 1000)');
    expect(await refused('documents', 'sheet.xls', doc())).toBe('The content of sheet.xls is not an Excel 97–2003 workbook');
    expect(await countRows(t.db, attachments)).toBe(rows);
    expect(stored()).toHaveLength(files);
  });

  it('lists photos and documents newest first with keyword, types and pages', async () => {
    await uploadPhotos();
    await uploadDocuments();
    const photos = (await req(watcher, 'GET', `/photos/instrument/${instA}?limit=2`)).json<TPhotoList>();
    expect(photos.total_records).toBe(3);
    expect(photos.total_pages).toBe(2);
    expect(photos.records.map((p) => p.file_name)).toEqual(['anim.gif', 'face.JPEG']);
    // The watcher did not upload them and does not manage instruments.
    expect(photos.records.every((p) => !p.can_delete)).toBe(true);
    expect((await req(watcher, 'GET', `/photos/instrument/${instA}?keyword=crack`)).json<TPhotoList>().records.map((p) => p.file_name)).toEqual([
      'Settlement crack.png',
    ]);
    const byUploader = (await req(watcher, 'GET', `/photos/instrument/${instA}?keyword=nobody`)).json<TPhotoList>();
    expect(byUploader.records).toHaveLength(1);

    const docs = (await req(watcher, 'GET', `/documents/instrument/${instA}`)).json<TDocumentList>();
    expect(docs).toMatchObject({ total_records: 5, total_pages: 1 });
    expect(docs.records[0]).toMatchObject({ file_name: 'Old sheet.xls', can_delete: false });
    const office = (await req(watcher, 'GET', `/documents/instrument/${instA}?types=docx,xlsx`)).json<TDocumentList>();
    expect(office.records.map((d) => d.file_name).sort()).toEqual(['Notes.docx', 'Readings.xlsx']);
    expect((await req(watcher, 'GET', `/documents/instrument/${instA}?types=exe`)).statusCode).toBe(400);
    expect((await req(watcher, 'GET', `/documents/instrument/${instA}?keyword=zzz`)).json<TDocumentList>()).toMatchObject({
      records: [],
      total_records: 0,
      total_pages: 0,
    });
  });

  it('makes a thumbnail once, keeps it and serves it again; serves the original as an attachment', async () => {
    await uploadPhotos();
    const thumbnailsBefore = storedThumbnails().length;
    const [p] = (await req(watcher, 'GET', `/photos/instrument/${instA}?keyword=crack`)).json<TPhotoList>().records;
    const first = await req(watcher, 'GET', `/photos/${p!.file_id}?size=128`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['content-disposition']).toBe('inline; filename="Settlement crack-128.webp"');
    expect(first.headers['cache-control']).toBe('private, max-age=3600'); // kept by the browser, never by a shared cache
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([128, 96]);
    const [thumb] = await t.db.orm.select().from(attachmentThumbnails).where(eq(attachmentThumbnails.fileId, p!.file_id));
    const second = await req(watcher, 'GET', `/photos/${p!.file_id}?size=128`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const rows = await t.db.orm.select().from(attachmentThumbnails).where(eq(attachmentThumbnails.fileId, p!.file_id));
    expect(rows).toEqual([thumb]); // the same row and file, not made again
    expect(storedThumbnails()).toHaveLength(thumbnailsBefore + 1);
    // Small photos are not enlarged; sizes come from a fixed set.
    const small = (await req(watcher, 'GET', `/photos/instrument/${instA}?keyword=anim`)).json<TPhotoList>().records[0]!;
    expect((await sharp((await req(watcher, 'GET', `/photos/${small.file_id}?size=256`)).rawPayload).metadata()).width).toBe(40);
    const badSize = await req(watcher, 'GET', `/photos/${p!.file_id}?size=100`);
    expect(badSize.statusCode).toBe(400);
    expect(badSize.headers['cache-control']).toBe('no-store');

    const original = await req(watcher, 'GET', `/photos/${p!.file_id}`);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['content-disposition']).toBe('attachment; filename="Settlement crack.png"');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(800);
  });

  it('downloads a document under its original (non-ASCII) name, with the resource token in _token', async () => {
    await uploadPhotos();
    const data = await pdf('監測報告');
    const d = (await upload(w.sessions.manager, 'documents', 'instrument', instA, '監測報告 März.pdf', data)).json<TDocument>();
    const res = await t.app.inject({ method: 'GET', url: `${d.url}?_token=${watcher.resourceToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="____ M_rz.pdf"; filename*=UTF-8''%E7%9B%A3%E6%B8%AC%E5%A0%B1%E5%91%8A%20M%C3%A4rz.pdf`,
    );
    expect(res.rawPayload.equals(data)).toBe(true);
    // The photo thumbnail too (image tags); the resource token does not open lists.
    const [p] = (await req(watcher, 'GET', `/photos/instrument/${instA}`)).json<TPhotoList>().records;
    expect((await t.app.inject({ method: 'GET', url: `${p!.thumbnail_url}&_token=${watcher.resourceToken}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/photos/instrument/${instA}?_token=${watcher.resourceToken}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: d.url })).statusCode).toBe(401);
  });

  it("answers 404 for every call on another contract's record or file, and for unknown categories", async () => {
    await uploadPhotos();
    await uploadDocuments();
    const [p] = (await req(watcher, 'GET', `/photos/instrument/${instA}`)).json<TPhotoList>().records;
    const [d] = (await req(watcher, 'GET', `/documents/instrument/${instA}`)).json<TDocumentList>().records;
    const y = w.sessions.yuser; // contract B only
    for (const [method, url] of [
      ['GET', `/photos/instrument/${instA}`],
      ['GET', `/documents/instrument/${instA}`],
      ['GET', `/files/instrument/${instA}`],
      ['GET', `/photos/${p!.file_id}`],
      ['GET', `/photos/${p!.file_id}?size=128`],
      ['GET', `/documents/${d!.file_id}`],
      ['DELETE', `/photos/${p!.file_id}`],
      ['DELETE', `/documents/${d!.file_id}`],
      ['GET', `/photos/alert/${instA}`],
      ['GET', `/photos/instrument/999999`],
    ] as const) {
      expect((await req(y, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    // A photo id is not a document id, and the other way round.
    expect((await req(watcher, 'GET', `/documents/${p!.file_id}`)).statusCode).toBe(404);
    expect((await req(watcher, 'GET', `/photos/${d!.file_id}`)).statusCode).toBe(404);
    const before = await countRows(t.db, attachments);
    expect((await upload(y, 'photos', 'instrument', instA, 'x.png', await image('png'))).statusCode).toBe(404);
    expect((await upload(y, 'documents', 'instrument', instA, 'x.pdf', await pdf())).statusCode).toBe(404);
    expect(await countRows(t.db, attachments)).toBe(before);
    // Their own contract's record works.
    expect((await upload(y, 'photos', 'instrument', instB, 'b.png', await image('png'))).statusCode).toBe(200);
    expect((await req(w.sessions.xuser, 'GET', `/photos/instrument/${instB}`)).statusCode).toBe(404);
  });

  it('lets the uploader or a manager of the record delete a file, refuses others, and removes the stored file after commit', async () => {
    const mine = (await upload(watcher, 'photos', 'instrument', instA, 'mine.png', await image('png'))).json<TPhoto>();
    const theirs = (await upload(w.sessions.nobody, 'documents', 'instrument', instA, 'theirs.pdf', await pdf())).json<TDocument>();
    await req(watcher, 'GET', `/photos/${mine.file_id}?size=64`); // a thumbnail to go with it
    const other = (await upload(w.sessions.manager, 'photos', 'instrument', instA, 'other.png', await image('png'))).json<TPhoto>();
    await req(watcher, 'GET', `/photos/${other.file_id}?size=64`); // another photo's thumbnail, to stay
    const keys = await t.db.orm.select({ key: attachments.storageKey }).from(attachments).where(eq(attachments.fileId, mine.file_id));
    const thumbs = await t.db.orm
      .select({ key: attachmentThumbnails.storageKey })
      .from(attachmentThumbnails)
      .where(eq(attachmentThumbnails.fileId, mine.file_id));
    expect(thumbs).toHaveLength(1);

    // The watcher sees the record but neither uploaded the document nor manages instruments.
    const refused = await req(watcher, 'DELETE', `/documents/${theirs.file_id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toBe('Only the uploader or a manager of this record may delete this file');
    // The uploader deletes their own photo, with its thumbnail.
    expect((await req(watcher, 'DELETE', `/photos/${mine.file_id}`)).json()).toEqual({ ok: true });
    expect((await req(watcher, 'GET', `/photos/${mine.file_id}`)).statusCode).toBe(404);
    const names = stored().map((f) => path.basename(f));
    for (const k of [...keys, ...thumbs]) expect(names).not.toContain(path.basename(k.key));
    expect(await t.db.orm.select().from(attachmentThumbnails).where(eq(attachmentThumbnails.fileId, other.file_id))).toHaveLength(1); // others' thumbnails stay
    expect((await lastAudit(t.db, 'photo.delete'))?.before).toMatchObject({ file_name: 'mine.png', ref_id: instA });
    // A holder of ManageInstruments deletes someone else's document.
    expect((await req(w.sessions.xuser, 'DELETE', `/documents/${theirs.file_id}`)).statusCode).toBe(200);
    expect((await lastAudit(t.db, 'document.delete'))?.before).toMatchObject({ file_name: 'theirs.pdf', uploaded_by: w.userIds.nobody });
    expect((await req(watcher, 'DELETE', `/documents/${theirs.file_id}`)).statusCode).toBe(404);
  });

  it('lists every file of a record with a type filter, and a construction site’s drawings among them', async () => {
    await uploadPhotos();
    await uploadDocuments();
    const all = (await req(watcher, 'GET', `/files/instrument/${instA}?limit=100`)).json<TRecordFileList>();
    expect(new Set(all.records.map((f) => f.kind))).toEqual(new Set(['photo', 'document']));
    expect(all.total_records).toBe(all.records.length);
    const photos = (await req(watcher, 'GET', `/files/instrument/${instA}?type=photo`)).json<TRecordFileList>();
    expect(photos.records.every((f) => f.kind === 'photo' && f.thumbnail_url?.endsWith('?size=128'))).toBe(true);
    expect(photos.total_records).toBe(3);
    expect(
      (await req(watcher, 'GET', `/files/instrument/${instA}?type=photo,document&keyword=notes`))
        .json<TRecordFileList>()
        .records.map((f) => f.file_name)
        .sort(),
    ).toEqual(['Notes.docx', 'Old notes.doc']);
    expect((await req(watcher, 'GET', `/files/instrument/${instA}?type=upload`)).statusCode).toBe(400);

    const admin = w.sessions.admin;
    const site = (await req(admin, 'POST', '/master-data/sites', { payload: { site_name: 'A Box', contract_id: w.contractA, type: 'E' } })).json<{
      site_id: number;
    }>();
    expect((await req(admin, 'POST', `/master-data/sites/${site.site_id}/drawings`, multipart('layout.pdf', await pdf()))).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await upload(watcher, 'photos', 'site', site.site_id, 'pit.png', await image('png'))).statusCode).toBe(200);
    const siteFiles = (await req(watcher, 'GET', `/files/site/${site.site_id}`)).json<TRecordFileList>();
    expect(siteFiles.records.map((f) => [f.kind, f.file_name, f.file_type])).toEqual([
      ['photo', 'pit.png', 'png'],
      ['drawing', 'layout.pdf', 'pdf'],
    ]);
    expect(siteFiles.records[1]).toMatchObject({ can_delete: false, url: expect.stringMatching(/^\/api\/v1\/site-drawings\/\d+\/download$/) });
    expect((await req(watcher, 'GET', `/files/site/${site.site_id}?type=drawing`)).json<TRecordFileList>().total_records).toBe(1);
    expect((await req(w.sessions.yuser, 'GET', `/files/site/${site.site_id}`)).statusCode).toBe(404);
  });

  it('takes the document size limit from the document_max_upload setting, photos from general_max_upload', async () => {
    const settings = (await req(w.sessions.admin, 'GET', '/master-data/settings')).json<{ document_max_upload: number | null }>();
    const put = await req(w.sessions.admin, 'PUT', '/master-data/settings', { payload: { document_max_upload: 1000 } });
    expect(put.statusCode, put.body).toBe(200);
    const big = await pdf('x'.repeat(2000));
    expect(big.length).toBeGreaterThan(1000);
    try {
      // The settings cache is dropped through the bus (a moment later on PostgreSQL).
      await waitFor(async () => (await upload(w.sessions.manager, 'documents', 'instrument', instA, 'big.pdf', big)).statusCode === 400, 5000);
      expect((await upload(w.sessions.manager, 'documents', 'instrument', instA, 'big.pdf', big)).json()).toEqual({
        files: 'big.pdf size is greater than allowed size (1000)',
      });
      expect((await upload(w.sessions.manager, 'photos', 'instrument', instA, 'fine.png', await image('png', 400, 400))).statusCode).toBe(200);
    } finally {
      // The other tests upload documents larger than 1000 bytes: the setting goes back, and is waited for, as above.
      await req(w.sessions.admin, 'PUT', '/master-data/settings', { payload: { document_max_upload: settings.document_max_upload } });
      await waitFor(async () => (await upload(w.sessions.manager, 'documents', 'instrument', instA, 'big.pdf', big)).statusCode === 200, 5000);
    }
  });
});
