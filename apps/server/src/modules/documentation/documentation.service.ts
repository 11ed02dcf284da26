import { API_BASE, isSafeText, MESSAGES, ZManualDocumentFields, type TManualDocument, type TManualDocumentList } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest, invalidFields, notFound } from '../../lib/errors.js';
import { CONTENT_TYPES, cleanFileName, detectFileKind, EXTENSIONS } from '../../lib/file-signature.js';
import { iso } from '../../lib/filters.js';
import { writeAudit } from '../../platform/audit.js';
import { randomKey, type Storage } from '../../platform/storage.js';
import { deleteDocument, findDocument, insertDocument, listDocuments } from './documentation.repository.js';

const DOCUMENT_NOT_FOUND = 'Document not found';

type DocumentView = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

function present(v: DocumentView): TManualDocument {
  const d = v.document;
  return {
    document_id: d.documentId,
    title: d.title,
    file_name: d.fileName,
    content_type: d.contentType,
    size: d.size,
    uploaded_by: v.uploadedBy,
    created: iso(d.createdAt),
    url: `${API_BASE}/user-manual/documents/${d.documentId}/download`,
  };
}

/** The user manual's documents: PDF or DOCX (checked by content), listed and downloaded by every signed-in user. */
export class DocumentationService {
  constructor(
    private readonly ctx: AppContext,
    private readonly storage: Storage,
  ) {}

  async list(q: { limit: number; skip: number; keyword?: string | undefined }): Promise<TManualDocumentList> {
    const { records, total } = await listDocuments(this.ctx.db.orm, { ...q, keyword: q.keyword || undefined });
    return { records: records.map(present), total_records: total };
  }

  async upload(actor: Actor, file: { fileName: string; data: Buffer; fields: Record<string, string> }): Promise<TManualDocument> {
    const kind = detectFileKind(file.data, ['pdf', 'docx']);
    if (!kind) throw badRequest({ files: 'A manual document must be a PDF or DOCX file' });
    const fileName = cleanFileName(file.fileName, `manual.${EXTENSIONS[kind]}`);
    const fields = ZManualDocumentFields.safeParse({ title: (file.fields.title ?? '').trim() || fileName.replace(/\.[^.]+$/, '') });
    if (!fields.success) throw invalidFields(fields.error.issues);
    const { title } = fields.data;
    if (!isSafeText(title)) throw badRequest({ title: MESSAGES.maliciousInput });
    const key = randomKey('manual', EXTENSIONS[kind]);
    await this.storage.write(key, file.data);
    let id: number;
    try {
      id = await this.ctx.db.orm.transaction(async (tx) => {
        const d = await insertDocument(tx, {
          title,
          fileName,
          storageKey: key,
          contentType: CONTENT_TYPES[kind],
          size: file.data.length,
          uploadedBy: actor.userId,
          createdAt: this.ctx.now(),
        });
        await writeAudit(tx, actor, {
          action: 'manual-document.upload',
          entityType: 'manual_document',
          entityId: d.documentId,
          after: { title, file_name: fileName, size: d.size },
        });
        return d.documentId;
      });
    } catch (err) {
      await this.storage.remove(key).catch(() => undefined);
      throw err;
    }
    const row = await findDocument(this.ctx.db.orm, id);
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    return present(row);
  }

  async file(id: number): Promise<{ fileName: string; contentType: string; data: Buffer }> {
    const row = await findDocument(this.ctx.db.orm, id);
    const data = row ? await this.storage.read(row.document.storageKey) : undefined;
    if (!row || !data) throw notFound(DOCUMENT_NOT_FOUND);
    return { fileName: row.document.fileName, contentType: row.document.contentType, data };
  }

  async remove(actor: Actor, id: number): Promise<{ ok: true }> {
    const row = await findDocument(this.ctx.db.orm, id);
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    await this.ctx.db.orm.transaction(async (tx) => {
      await deleteDocument(tx, id);
      await writeAudit(tx, actor, {
        action: 'manual-document.delete',
        entityType: 'manual_document',
        entityId: id,
        before: { title: row.document.title, file_name: row.document.fileName },
      });
    });
    await this.storage.remove(row.document.storageKey).catch((err: unknown) => this.ctx.log.warn({ err }, 'manual file not removed'));
    return { ok: true };
  }
}
