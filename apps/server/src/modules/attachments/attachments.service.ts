import sharp from 'sharp';
import {
  ATTACHMENT_LIMITS,
  FILE_COMPLETED_DOCUMENT,
  type TAttachmentKind,
  type TDocument,
  type TDocumentList,
  type TListDocumentsQuery,
  type TListPhotosQuery,
  type TListRecordFilesQuery,
  type TPhoto,
  type TPhotoList,
  type TRecordFileList,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { uploadLimit } from '../../lib/upload.js';
import { SYSTEM_ACTOR, writeAudit } from '../../platform/audit.js';
import { safeError } from '../../platform/safe-error.js';
import { randomKey, type Storage } from '../../platform/storage.js';
import { publishToUsers } from '../realtime/realtime.publish.js';
import { DocumentProtection } from '../reports/protection/document-protection.js';
import { PURGE_AUDIT_LIST, type RecordRef, type RecordRefs } from '../records/record-refs.js';
import type { SettingsService } from '../settings/settings.service.js';
import { checkAttachment } from './attachment-content.js';
import { presentDocument, presentPhoto, presentRecordFile } from './attachments.presenter.js';
import {
  deleteAttachment,
  deleteOrphanAttachments,
  findAttachment,
  findThumbnail,
  insertAttachment,
  insertThumbnail,
  listOfRecord,
  listRecordFiles,
  replaceThumbnail,
  type AttachmentRow,
} from './attachments.repository.js';

const NOT_FOUND = { photo: 'Photo not found', document: 'Document not found' } as const;
const pages = (total: number, limit: number) => Math.ceil(total / limit);

/**
 * Photos and documents of a record (issue 8; decision 014). Every call resolves the record through RecordRefs within
 * the caller's contracts first (another contract's record, or a file of one, is 404). Attaching: anyone who can see
 * the record (plus the category's attach permission where it declares one: a contract's "other files"). Deleting: the
 * uploader or a holder of the record's manage permission. Files are stored under generated keys; the row keeps the
 * uploader's file name for downloads.
 */
export class AttachmentsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    private readonly storage: Storage,
    private readonly records: RecordRefs,
  ) {
    this.protection = new DocumentProtection(ctx, settings);
  }

  /** Report and document protection (issue 21): the watermark of downloaded PDF documents. */
  private readonly protection: DocumentProtection;

  private get db() {
    return this.ctx.db.orm;
  }

  private canDelete(actor: Actor, record: RecordRef, uploadedBy: number | null): boolean {
    return uploadedBy === actor.userId || this.records.canManage(actor, record);
  }

  /** The size limit of one upload: `general_max_upload` for photos, `document_max_upload` (else general) for documents. */
  async maxBytes(kind: TAttachmentKind): Promise<number> {
    const s = await this.settings.get();
    return kind === 'document' ? uploadLimit(s, 'document') : s.general_max_upload;
  }

  /** The record files may be attached to by the actor (checked before the upload is read): 404 unseen, 403 no permission. */
  async attachTarget(actor: Actor, category: string, refId: number): Promise<RecordRef> {
    const record = await this.records.resolve(actor, category, refId);
    if (!this.records.canAttach(actor, record)) throw forbidden();
    return record;
  }

  async upload(actor: Actor, kind: 'photo', record: RecordRef, file: { fileName: string; data: Buffer }): Promise<TPhoto>;
  async upload(actor: Actor, kind: 'document', record: RecordRef, file: { fileName: string; data: Buffer }): Promise<TDocument>;
  async upload(actor: Actor, kind: TAttachmentKind, record: RecordRef, file: { fileName: string; data: Buffer }): Promise<TPhoto | TDocument> {
    const checked = await checkAttachment(kind, file.fileName, file.data);
    const key = randomKey('attachments', checked.fileType);
    await this.storage.write(key, file.data);
    let row: AttachmentRow;
    try {
      row = await this.db.transaction(async (tx) => {
        // The record again, inside the transaction: it may have gone since the upload began.
        await this.records.resolve(actor, record.category, record.refId, tx);
        const a = await insertAttachment(tx, {
          kind,
          category: record.category,
          refId: record.refId,
          fileName: checked.fileName,
          fileType: checked.fileType,
          contentType: checked.contentType,
          size: file.data.length,
          storageKey: key,
          width: checked.width,
          height: checked.height,
          uploadedBy: actor.userId,
          createdAt: this.ctx.now(),
        });
        await writeAudit(tx, actor, {
          action: `${kind}.upload`,
          entityType: kind,
          entityId: a.fileId,
          after: {
            category: record.category,
            ref_id: record.refId,
            contract_id: record.contractId,
            file_name: a.fileName,
            file_type: a.fileType,
            size: a.size,
          },
        });
        return a;
      });
    } catch (err) {
      await this.storage.remove(key).catch(() => undefined);
      throw err;
    }
    await this.announce(actor, record, row);
    const email = await this.emailOf(row);
    return kind === 'photo' ? presentPhoto(row, email, true) : presentDocument(row, email, true);
  }

  /** `fileCompleted` with payload `document` to the uploader, after commit: their open lists of the record refresh. */
  private async announce(actor: Actor, record: RecordRef, row: AttachmentRow): Promise<void> {
    try {
      await publishToUsers(this.ctx.bus, [actor.userId], {
        type: 'fileCompleted',
        message: `${row.fileName} was added to ${record.title}`,
        severity: 1,
        link_uri: record.path,
        payload: FILE_COMPLETED_DOCUMENT,
        category: record.category,
        ref_id: record.refId,
      });
    } catch (err) {
      this.ctx.log.error({ err: safeError(err), fileId: row.fileId }, 'attachments: publishing failed');
    }
  }

  private async emailOf(row: AttachmentRow): Promise<string | null> {
    return (await findAttachment(this.db, row.fileId, row.kind))?.uploaderEmail ?? null;
  }

  async listPhotos(actor: Actor, category: string, refId: number, q: TListPhotosQuery): Promise<TPhotoList> {
    const record = await this.records.resolve(actor, category, refId);
    const { records, total } = await listOfRecord(this.db, { kind: 'photo', category, refId, keyword: q.keyword || undefined, limit: q.limit, skip: q.skip });
    return {
      records: records.map((r) => presentPhoto(r.a, r.uploaderEmail, this.canDelete(actor, record, r.a.uploadedBy))),
      total_records: total,
      total_pages: pages(total, q.limit),
    };
  }

  async listDocuments(actor: Actor, category: string, refId: number, q: TListDocumentsQuery): Promise<TDocumentList> {
    const record = await this.records.resolve(actor, category, refId);
    const { records, total } = await listOfRecord(this.db, {
      kind: 'document',
      category,
      refId,
      keyword: q.keyword || undefined,
      types: q.types,
      limit: q.limit,
      skip: q.skip,
    });
    return {
      records: records.map((r) => presentDocument(r.a, r.uploaderEmail, this.canDelete(actor, record, r.a.uploadedBy))),
      total_records: total,
      total_pages: pages(total, q.limit),
    };
  }

  /** Every file of the record: photos, documents and, for a construction site, its drawings (managed in master data). */
  async listFiles(actor: Actor, category: string, refId: number, q: TListRecordFilesQuery): Promise<TRecordFileList> {
    const record = await this.records.resolve(actor, category, refId);
    const { records, total } = await listRecordFiles(this.db, {
      category,
      refId,
      kinds: q.type,
      keyword: q.keyword || undefined,
      limit: q.limit,
      skip: q.skip,
    });
    return {
      records: records.map((r) => presentRecordFile(r, r.kind !== 'drawing' && this.canDelete(actor, record, r.uploaded_by))),
      total_records: total,
      total_pages: pages(total, q.limit),
    };
  }

  /** A photo or document with its record, as the actor may see it; 404 otherwise. */
  private async load(actor: Actor, kind: TAttachmentKind, fileId: number) {
    const found = await findAttachment(this.db, fileId, kind);
    if (!found) throw notFound(NOT_FOUND[kind]);
    const record = await this.records.resolve(actor, found.a.category, found.a.refId).catch(() => undefined);
    if (!record) throw notFound(NOT_FOUND[kind]);
    return { a: found.a, record };
  }

  /**
   * A document's file. A PDF is watermarked for the downloader when the report and document protection settings say
   * so (issue 21, decision 041), and such a download is audited (`document.get`, with what the file carries).
   */
  async documentFile(actor: Actor, fileId: number): Promise<{ fileName: string; contentType: string; data: Buffer }> {
    const { a, record } = await this.load(actor, 'document', fileId);
    const stored = await this.storage.read(a.storageKey);
    if (!stored) throw notFound(NOT_FOUND.document);
    const { data, applied } = await this.protection.protectDownload(actor, stored, {
      contractIds: [record.contractId],
      kind: 'attachment',
      what: `document ${fileId}`,
    });
    if (applied.length > 0) {
      await writeAudit(this.db, actor, {
        action: 'document.get',
        entityType: 'document',
        entityId: fileId,
        after: { category: a.category, ref_id: a.refId, contract_id: record.contractId, file_name: a.fileName, protection: applied },
      });
    }
    return { fileName: a.fileName, contentType: a.contentType, data };
  }

  /** The original photo, or its thumbnail of `size` (made on first request, then kept and reused). */
  async photoFile(actor: Actor, fileId: number, size?: number): Promise<{ fileName: string; contentType: string; data: Buffer; thumbnail: boolean }> {
    const { a } = await this.load(actor, 'photo', fileId);
    if (size === undefined) {
      const data = await this.storage.read(a.storageKey);
      if (!data) throw notFound(NOT_FOUND.photo);
      return { fileName: a.fileName, contentType: a.contentType, data, thumbnail: false };
    }
    const name = `${a.fileName.replace(/\.[^.]*$/, '')}-${size}.webp`;
    const kept = await findThumbnail(this.db, fileId, size);
    const keptData = kept ? await this.storage.read(kept.storageKey) : undefined;
    if (keptData) return { fileName: name, contentType: 'image/webp', data: keptData, thumbnail: true };
    const original = await this.storage.read(a.storageKey);
    if (!original) throw notFound(NOT_FOUND.photo);
    const data = await sharp(original, { limitInputPixels: ATTACHMENT_LIMITS.maxImageSide * ATTACHMENT_LIMITS.maxImageSide, animated: false })
      .rotate()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const key = randomKey('attachments/thumbnails', 'webp');
    await this.storage.write(key, data);
    // Two first requests at once: one row wins; the other's file goes (its bytes were just as good to answer with).
    const recorded = kept ? false : await insertThumbnail(this.db, { fileId, size, storageKey: key, bytes: data.length });
    // A row whose file went missing (files restored from an older backup): point it at the new file.
    if (kept) await replaceThumbnail(this.db, { fileId, size, storageKey: key, bytes: data.length }, kept.storageKey);
    else if (!recorded) await this.storage.remove(key).catch(() => undefined);
    return { fileName: name, contentType: 'image/webp', data, thumbnail: true };
  }

  /** Deletes a photo or document: its uploader or a holder of the record's manage permission; files removed after commit. */
  async remove(actor: Actor, kind: TAttachmentKind, fileId: number): Promise<{ ok: true }> {
    const { a, record } = await this.load(actor, kind, fileId);
    if (record.readOnly) throw forbidden('The files of a closed record can no longer be deleted');
    if (!this.canDelete(actor, record, a.uploadedBy)) throw forbidden('Only the uploader or a manager of this record may delete this file');
    const keys = await this.db.transaction(async (tx) => {
      const removed = await deleteAttachment(tx, fileId);
      await writeAudit(tx, actor, {
        action: `${kind}.delete`,
        entityType: kind,
        entityId: fileId,
        before: {
          category: a.category,
          ref_id: a.refId,
          contract_id: record.contractId,
          file_name: a.fileName,
          file_type: a.fileType,
          size: a.size,
          uploaded_by: a.uploadedBy,
        },
      });
      return removed;
    });
    for (const key of keys)
      await this.storage.remove(key).catch((err: unknown) => this.ctx.log.warn({ err: safeError(err), key }, 'attachment file not removed'));
    return { ok: true };
  }

  /**
   * The clean-up of files whose record was deleted (the `purge-orphans` job): no foreign key ties a file to its record,
   * so a deleted instrument, site or case leaves its photos and documents behind, unreachable. Their rows go in one
   * transaction with an audit row per category (the files, at most PURGE_AUDIT_LIST of them listed); the stored files
   * and thumbnails after commit. Returns how many went.
   */
  async purgeOrphans(): Promise<number> {
    const keys: string[] = [];
    let count = 0;
    await this.db.transaction(async (tx) => {
      for (const { category, ids } of this.records.existing()) {
        const gone = await deleteOrphanAttachments(tx, category, ids);
        if (gone.rows.length === 0) continue;
        count += gone.rows.length;
        keys.push(...gone.keys);
        await writeAudit(tx, SYSTEM_ACTOR, {
          action: 'attachments.purge',
          entityType: 'attachment',
          after: {
            category,
            count: gone.rows.length,
            files: gone.rows.slice(0, PURGE_AUDIT_LIST).map((r) => ({ file_id: r.fileId, kind: r.kind, ref_id: r.refId, file_name: r.fileName })),
          },
        });
      }
    });
    for (const key of keys)
      await this.storage.remove(key).catch((err: unknown) => this.ctx.log.warn({ err: safeError(err), key }, 'attachment file not removed'));
    return count;
  }
}
