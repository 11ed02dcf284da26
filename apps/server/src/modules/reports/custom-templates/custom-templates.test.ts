/**
 * Custom report templates (issue 21, decision 041): CRUD within the caller's contracts, templates of every contract,
 * the permissions of each route, the audit of every write, GET /reports/customized and the workbook's check.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOM_TEMPLATE_MESSAGES,
  TEMPLATE_WORKBOOK_LIMITS,
  type TCustomizedList,
  type TCustomTemplate,
  type TCustomTemplateInput,
  type TCustomTemplateList,
  type TReportCatalog,
  type TWorkbookProblems,
} from '@strata/shared';
import { auditLog, reportTemplates } from '../../../db/schema/index.js';
import { as, createTestApp, type Session, type TestApp } from '../../../testing/harness.js';
import { createZone, createWorld, filesUnder, tempDataDir, type World } from '../../../testing/master-data.js';
import { workbookUpload } from './custom-templates.test-support.js';

const TASKS = [
  'SearchorViewReportTemplates',
  'CreateReportTemplates',
  'EditReportTemplates',
  'DeleteReportTemplates',
  'GenerateInstrumentationMonitoringReport',
] as const;
const API = '/api/v1/reports/custom-templates';

async function workbookWith(fill: (ws: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  fill(ws, wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('custom report templates', () => {
  let t: TestApp;
  let w: World;
  let dataDir: string;
  const storedWorkbooks = () => filesUnder(path.join(dataDir, 'files', 'report-templates'));

  beforeAll(async () => {
    dataDir = tempDataDir('custom-templates');
    t = await createTestApp({ dataDir });
    w = await createWorld(t, TASKS);
  });
  afterAll(() => t.close());

  const body = (over: Partial<TCustomTemplateInput> = {}): TCustomTemplateInput => ({
    name: 'Weekly status',
    report_type: 'geostatus',
    contract_id: w.contractA,
    sections: [{ key: 'status', columns: ['instrument', 'status'] }],
    ...over,
  });
  const post = (s: Session, b: TCustomTemplateInput) => as(t, s, { method: 'POST', url: API, payload: b });
  const create = async (s: Session, b: TCustomTemplateInput) => {
    const res = await post(s, b);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TCustomTemplate>();
  };
  const audits = async (id: number) =>
    (
      await t.db.orm
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'report_template'), eq(auditLog.entityId, String(id))))
    ).map((a) => a.action);

  it('creates, reads, edits and deletes a template of a contract, each write audited', async () => {
    const made = await create(w.sessions.xuser, body());
    expect(made).toMatchObject({
      name: 'Weekly status',
      report_type: 'geostatus',
      report_type_name: 'Geotechnical Status',
      contract_id: w.contractA,
      filename: 'default',
      workbook: null,
    });
    expect(made.sections).toEqual([{ key: 'status', columns: ['instrument', 'status'] }]);
    const got = await as(t, w.sessions.xuser, { method: 'GET', url: `${API}/${made.template_id}` });
    expect(got.json<TCustomTemplate>().name).toBe('Weekly status');
    const put = await as(t, w.sessions.xuser, { method: 'PUT', url: `${API}/${made.template_id}`, payload: body({ name: 'Daily status', decimals: 1 }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<TCustomTemplate>()).toMatchObject({ name: 'Daily status', decimals: 1 });
    const del = await as(t, w.sessions.xuser, { method: 'DELETE', url: `${API}/${made.template_id}` });
    expect(del.statusCode).toBe(204);
    expect(await t.db.orm.select().from(reportTemplates).where(eq(reportTemplates.templateId, made.template_id))).toHaveLength(0);
    expect(await audits(made.template_id)).toEqual(['report-template.create', 'report-template.update', 'report-template.delete']);
  });

  it('a template of a contract outside the caller’s scope is 404 to read, edit and delete, and not listed', async () => {
    const made = await create(w.sessions.xuser, body({ name: 'Only A' }));
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await as(t, w.sessions.yuser, {
        method,
        url: `${API}/${made.template_id}`,
        ...(method === 'PUT' ? { payload: body({ contract_id: w.contractB }) } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
    const list = (await as(t, w.sessions.yuser, { method: 'GET', url: `${API}?limit=100&skip=0` })).json<TCustomTemplateList>();
    expect(list.records.map((r) => r.template_id)).not.toContain(made.template_id);
    const mine = (await as(t, w.sessions.xuser, { method: 'GET', url: `${API}?limit=100&skip=0&keyword=only%20a` })).json<TCustomTemplateList>();
    expect(mine.records.map((r) => r.template_id)).toEqual([made.template_id]);
    // Making one for a contract outside the scope is refused too.
    expect((await post(w.sessions.yuser, body({ contract_id: w.contractA }))).json()).toEqual({ contract_id: 'Contract not found' });
  });

  it('a template of every contract: made and changed only by a user of every contract, seen by everyone', async () => {
    expect((await post(w.sessions.manager, body({ contract_id: null }))).statusCode).toBe(403);
    const all = await create(w.sessions.admin, body({ name: 'Company layout', contract_id: null }));
    expect(all.contract_no).toBeNull();
    expect((await as(t, w.sessions.yuser, { method: 'GET', url: `${API}/${all.template_id}` })).statusCode).toBe(200);
    expect((await as(t, w.sessions.yuser, { method: 'PUT', url: `${API}/${all.template_id}`, payload: body({ contract_id: null }) })).statusCode).toBe(403);
    expect((await as(t, w.sessions.yuser, { method: 'DELETE', url: `${API}/${all.template_id}` })).statusCode).toBe(403);
    expect(await audits(all.template_id)).toEqual(['report-template.create']);
  });

  it('each route needs its Customized Report task', async () => {
    expect((await post(w.sessions.nobody, body())).statusCode).toBe(403);
    expect((await as(t, w.sessions.nobody, { method: 'GET', url: `${API}?limit=10&skip=0` })).statusCode).toBe(403);
    expect((await as(t, w.sessions.nobody, { method: 'GET', url: '/api/v1/reports/customized?type=geostatus' })).statusCode).toBe(403);
  });

  it('refuses unknown section and column keys, types without templates, and zones of another contract; nothing stored', async () => {
    const before = (await t.db.orm.select().from(reportTemplates)).length;
    expect((await post(w.sessions.xuser, body({ sections: [{ key: 'summary', columns: null }] }))).json()).toEqual({
      'sections.0.key': 'Unknown section summary',
    });
    expect((await post(w.sessions.xuser, body({ sections: [{ key: 'status', columns: ['instrument', 'colour'] }] }))).json()).toEqual({
      'sections.0.columns.1': 'Unknown column colour of section status',
    });
    expect((await post(w.sessions.xuser, body({ report_type: 'full-monitoring', sections: [] }))).json()).toEqual({ report_type: 'Unknown report type' });
    const zoneB = await createZone(t.db, w.contractB, 'B zone');
    expect((await post(w.sessions.manager, body({ zone_ids: [zoneB.zoneId] }))).json()).toEqual({
      zone_ids: 'A zone does not belong to the template’s contract',
    });
    expect((await post(w.sessions.xuser, body({ instrument_type_ids: [999_999] }))).json()).toEqual({ instrument_type_ids: 'Instrument type not found' });
    expect((await t.db.orm.select().from(reportTemplates)).length).toBe(before);
  });

  it('the catalog of a type lists its sections and columns', async () => {
    const res = await as(t, w.sessions.xuser, { method: 'GET', url: `${API}/catalog/geosum` });
    const catalog = res.json<TReportCatalog>();
    expect(catalog.sections.map((s) => s.key)).toEqual(['types', 'movements', 'breaches', 'charts']);
    expect(catalog.charts).toBe(true);
    expect((await as(t, w.sessions.xuser, { method: 'GET', url: `${API}/catalog/full-monitoring` })).statusCode).toBe(404);
  });

  it('GET /reports/customized: Default first, then the type’s templates of the contract or of every contract, within the scope', async () => {
    const a = await create(w.sessions.xuser, body({ name: 'A layout' }));
    const b = await create(w.sessions.yuser, body({ name: 'B layout', contract_id: w.contractB }));
    const every = await create(w.sessions.admin, body({ name: 'Every contract', contract_id: null }));
    const other = await create(w.sessions.xuser, body({ name: 'A breaches', report_type: 'breach', sections: [] }));
    const options = async (s: Session, q: string) =>
      (await as(t, s, { method: 'GET', url: `/api/v1/reports/customized?${q}` })).json<TCustomizedList>().records;
    const forA = await options(w.sessions.xuser, `type=geostatus&contract_id=${w.contractA}`);
    expect(forA[0]).toEqual({ template_id: 0, name: 'Default', filename: 'default' });
    const ids = forA.map((r) => r.template_id);
    expect(ids).toContain(a.template_id);
    expect(ids).toContain(every.template_id);
    expect(ids).not.toContain(b.template_id);
    expect(ids).not.toContain(other.template_id);
    // Another user's contract: only Default.
    expect(await options(w.sessions.yuser, `type=geostatus&contract_id=${w.contractA}`)).toEqual([{ template_id: 0, name: 'Default', filename: 'default' }]);
    // No contract: the caller's own and every contract's.
    const forY = (await options(w.sessions.yuser, 'type=geostatus')).map((r) => r.template_id);
    expect(forY[0]).toBe(0);
    expect(forY).toContain(b.template_id);
    expect(forY).not.toContain(a.template_id);
  });

  describe('the workbook', () => {
    const upload = (s: Session, id: number, name: string, data: Buffer, field?: string) =>
      as(t, s, { method: 'PUT', url: `${API}/${id}/workbook`, ...workbookUpload(name, data, field) });
    const refused = async (id: number, name: string, data: Buffer) => {
      const before = storedWorkbooks();
      const res = await upload(w.sessions.xuser, id, name, data);
      expect(res.statusCode, res.body).toBe(400);
      const problems = res.json<TWorkbookProblems>();
      expect(problems.message).toBe(CUSTOM_TEMPLATE_MESSAGES.workbookRefused);
      expect(storedWorkbooks()).toEqual(before);
      const [row] = await t.db.orm.select().from(reportTemplates).where(eq(reportTemplates.templateId, id));
      expect(row!.workbookKey).toBeNull();
      return problems.problems;
    };

    it('refuses a file that is not a workbook, unknown placeholders and table ranges, no placeholder at all, too large a file', async () => {
      const { template_id: id } = await create(w.sessions.xuser, body({ name: 'With workbook', report_type: 'reading', sections: [] }));
      expect(await refused(id, 'notes.xlsx', Buffer.from('contract,period\nT301,2026-03\n'))).toEqual(['The file is not an Excel workbook (.xlsx)']);
      const unknown = await workbookWith((ws, wb) => {
        ws.getCell('A1').value = '{{contract.no}}';
        ws.getCell('B3').value = 'From {{period.start}} to {{period.to}}';
        ws.getCell('C5').value = '{{ weather }}';
        wb.definedNames.add("'Data'!$A$7:$C$7", 'Reading');
      });
      expect(await refused(id, 'layout.xlsx', unknown)).toEqual([
        'Sheet "Data" cell B3: unknown placeholder {{period.start}}',
        'Sheet "Data" cell C5: unknown placeholder {{ weather }}',
        'Sheet "Data" range Reading: unknown table range Reading (the table ranges are readings, instruments, breaches; did you mean readings?)',
      ]);
      const plain = await workbookWith((ws) => (ws.getCell('A1').value = 'Monthly readings'));
      expect((await refused(id, 'plain.xlsx', plain))[0]).toMatch(/^The workbook uses no placeholder/);
      const big = Buffer.alloc(TEMPLATE_WORKBOOK_LIMITS.maxBytes + 10, 1);
      expect((await refused(id, 'big.xlsx', big))[0]).toMatch(/larger than 5000000 bytes/);
      expect(await audits(id)).toEqual(['report-template.create']);
    });

    it('accepts a workbook with placeholders and a table range: stored under its name, downloadable, removable; audited', async () => {
      const { template_id: id } = await create(w.sessions.xuser, body({ name: 'Excel layout', report_type: 'reading', sections: [] }));
      const data = await workbookWith((ws, wb) => {
        ws.getCell('A1').value = '{{contract.no}}';
        ws.getCell('A2').value = '{{period.from}}';
        wb.definedNames.add("'Data'!$A$5:$F$5", 'readings');
        wb.definedNames.add("'Data'!$A$1:$F$20", 'print_block');
      });
      const res = await upload(w.sessions.xuser, id, 'Monthly readings.xlsx', data);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TCustomTemplate>()).toMatchObject({
        filename: 'Monthly readings.xlsx',
        workbook: { size: data.length, placeholders: ['contract.no', 'period.from'], tables: ['readings'], sheets: ['Data'] },
      });
      const options = (
        await as(t, w.sessions.xuser, { method: 'GET', url: `/api/v1/reports/customized?type=reading&contract_id=${w.contractA}` })
      ).json<TCustomizedList>();
      expect(options.records.find((r) => r.template_id === id)?.filename).toBe('Monthly readings.xlsx');
      const got = await as(t, w.sessions.xuser, { method: 'GET', url: `${API}/${id}/workbook` });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(data)).toBe(true);
      expect(got.headers['content-disposition']).toContain('Monthly');
      expect(storedWorkbooks()).toHaveLength(1);
      const removed = await as(t, w.sessions.xuser, { method: 'DELETE', url: `${API}/${id}/workbook` });
      expect(removed.json<TCustomTemplate>()).toMatchObject({ filename: 'default', workbook: null });
      expect(storedWorkbooks()).toHaveLength(0);
      expect(await audits(id)).toEqual(['report-template.create', 'report-template.workbook.upload', 'report-template.workbook.delete']);
    });
  });
});
