import { CUSTOM_TEMPLATE_MESSAGES, type TCustomTemplate, type TFieldErrors, type TWorkbookProblems } from '@strata/shared';
import type { Readable } from 'node:stream';
import type { Actor } from '../../../context.js';
import { cleanFileName } from '../../../lib/file-signature.js';
import { HttpError, notFound } from '../../../lib/errors.js';
import { writeAudit } from '../../../platform/audit.js';
import { randomKey, type Storage } from '../../../platform/storage.js';
import { updateTemplate } from './custom-templates.repository.js';
import type { CustomTemplatesService } from './custom-templates.service.js';
import { checkWorkbook } from './workbook-check.js';

/** A refused workbook: 400 with ZWorkbookProblems (the error handler sends the body as it is). */
export function workbookRefused(problems: string[]): HttpError {
  const body: TWorkbookProblems = { message: CUSTOM_TEMPLATE_MESSAGES.workbookRefused, problems };
  return new HttpError(400, body as unknown as TFieldErrors);
}

/**
 * The Excel workbook of a custom template (decision 041): checked on upload (workbook-check.ts) and refused with its
 * problems, nothing stored; accepted, stored under a random key with its original file name. Every change is audited.
 */
export class TemplateWorkbooks {
  constructor(
    private readonly templates: CustomTemplatesService,
    private readonly storage: Storage,
  ) {}

  private get ctx() {
    return this.templates.ctx;
  }

  async upload(actor: Actor, id: number, fileName: string, data: Buffer): Promise<TCustomTemplate> {
    const before = await this.templates.writable(actor, id);
    const check = await checkWorkbook(data);
    if (!check.ok) throw workbookRefused(check.problems);
    const name = cleanFileName(fileName, 'template.xlsx');
    const key = randomKey('report-templates', 'xlsx');
    await this.storage.write(key, data);
    try {
      await this.ctx.db.orm.transaction(async (tx) => {
        await updateTemplate(tx, id, {
          workbookKey: key,
          workbookName: name,
          workbookSize: data.length,
          workbookInfo: check.info,
          updatedAt: this.ctx.now(),
        });
        await writeAudit(tx, actor, {
          action: 'report-template.workbook.upload',
          entityType: 'report_template',
          entityId: id,
          before: { filename: before.t.workbookName, size: before.t.workbookSize },
          after: { filename: name, size: data.length, ...check.info },
        });
      });
    } catch (err) {
      await this.storage.remove(key);
      throw err;
    }
    if (before.t.workbookKey) await this.storage.remove(before.t.workbookKey);
    return this.templates.get(actor, id);
  }

  /** Removes a stored workbook file (a deleted template's). */
  async removeFile(key: string): Promise<void> {
    await this.storage.remove(key);
  }

  async download(actor: Actor, id: number): Promise<{ stream: Readable; size: number; fileName: string }> {
    const row = await this.templates.row(actor, id);
    const file = row.t.workbookKey ? await this.storage.stream(row.t.workbookKey) : undefined;
    if (!file || !row.t.workbookName) throw notFound('The template has no workbook');
    return { ...file, fileName: row.t.workbookName };
  }

  async remove(actor: Actor, id: number): Promise<TCustomTemplate> {
    const before = await this.templates.writable(actor, id);
    if (!before.t.workbookKey) throw notFound('The template has no workbook');
    await this.ctx.db.orm.transaction(async (tx) => {
      await updateTemplate(tx, id, { workbookKey: null, workbookName: null, workbookSize: null, workbookInfo: null, updatedAt: this.ctx.now() });
      await writeAudit(tx, actor, {
        action: 'report-template.workbook.delete',
        entityType: 'report_template',
        entityId: id,
        before: { filename: before.t.workbookName, size: before.t.workbookSize },
      });
    });
    await this.storage.remove(before.t.workbookKey);
    return this.templates.get(actor, id);
  }
}
