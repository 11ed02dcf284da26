/**
 * Custom templates applied to real reports (issue 21, decision 041): a template changes the sections, their order and
 * the columns of a geostatus and a geosum report (the PDF's text read back with pdftotext, the XLSX's cells with
 * ExcelJS), its header, footer, decimals, length unit and language; an uploaded Excel template is filled and keeps its
 * styles, number formats and formulas.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCustomTemplate, TCustomTemplateInput, TReportCheck, TReportParamsInput } from '@strata/shared';
import { as, createTestApp, type Session, type TestApp } from '../../../testing/harness.js';
import { ALERT_TASKS, createAlertWorld, DAY, daily, loadAndEvaluate, type AlertWorld } from '../../alerts/alerts.test-support.js';
import { workbookUpload } from './custom-templates.test-support.js';

const TASKS = [
  ...ALERT_TASKS,
  'ViewInstrumentData',
  'ViewInstrumentCharts',
  'GenerateInstrumentationMonitoringReport',
  'SearchorViewReportTemplates',
  'CreateReportTemplates',
  'EditReportTemplates',
  // The sheet password of the report and document protection settings.
  'ManageSystemSettings',
] as const;

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'strata-template-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** The values of a sheet's row (1-based cells), as plain values. */
const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as ExcelJS.CellValue[]).slice(1);
/** The first row of a sheet whose first cell is `text`. */
function rowStarting(ws: ExcelJS.Worksheet, text: string): number {
  for (let n = 1; n <= ws.rowCount; n++) if (ws.getRow(n).getCell(1).value === text) return n;
  return -1;
}

describe('custom templates in reports', () => {
  let t: TestApp;
  let w: AlertWorld;
  let s: Session;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAlertWorld(t, TASKS);
    s = w.sessions.xuser;
    const T0 = Math.floor((t.ctx.now().getTime() - 9 * DAY) / 3_600_000) * 3_600_000;
    await loadAndEvaluate(t, w, {
      'SM-A1': daily(T0, [0, 5, 10, 15, 25]),
      'SM-A2': daily(T0, [0, 1, 2, 3, 30]),
      'SM-A4': daily(T0, [1, 2, 3]),
      'SM-B1': daily(T0, [0, 40]),
    });
  });
  afterAll(() => t.close());

  const template = async (b: Partial<TCustomTemplateInput> & Pick<TCustomTemplateInput, 'report_type'>) => {
    const res = await as(t, s, { method: 'POST', url: '/api/v1/reports/custom-templates', payload: { name: 'Layout', contract_id: w.contractA, ...b } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TCustomTemplate>();
  };
  /** Makes a report as the user and answers its file. */
  const report = async (type: string, output: 'pdf' | 'xls', templateId?: number, over: Partial<TReportParamsInput> = {}): Promise<Buffer> => {
    const payload: TReportParamsInput = {
      contract_ids: [w.contractA],
      period: { option: 'last-2-weeks' },
      output,
      ...(templateId === undefined ? {} : { template: String(templateId) }),
      ...over,
    };
    const created = await as(t, s, { method: 'POST', url: `/api/v1/reports/${type}?tzo=8`, payload });
    expect(created.statusCode, created.body).toBe(200);
    await t.services.reports.runPending();
    const check = (await as(t, s, { method: 'GET', url: `/api/v1/reports/${created.json<{ report_id: number }>().report_id}/check` })).json<TReportCheck>();
    expect(check.status, JSON.stringify(check)).toBe(2);
    const file = await as(t, s, { method: 'GET', url: check.url! });
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  };

  it('geostatus: the template’s columns in its order, title, header and footer, in the PDF and the XLSX', async () => {
    const plainPdf = pdfText(await report('geostatus', 'pdf'));
    expect(plainPdf).toContain('Cumulative');
    expect(plainPdf).toMatch(/Instrument\s+Zone\s+Reading/);
    const tpl = await template({
      report_type: 'geostatus',
      title: 'Settlement status for the client',
      header_text: 'Marina South package — confidential',
      footer_text: 'Prepared by the monitoring team',
      sections: [{ key: 'status', columns: ['status', 'instrument', 'latest_value'] }],
      decimals: 1,
    });
    const pdf = pdfText(await report('geostatus', 'pdf', tpl.template_id));
    expect(pdf).toContain('Settlement status for the client');
    expect(pdf).toContain('Marina South package — confidential');
    expect(pdf).toContain('Prepared by the monitoring team');
    expect(pdf).not.toContain('previous');
    expect(pdf).not.toContain('Cumulative');
    expect(pdf).toMatch(/Status\s+Instrument\s+Latest value/);
    expect(pdf).toMatch(/AL\s+SM-A1\s+25\.0/);

    const wb = await workbookOf(await report('geostatus', 'xls', tpl.template_id));
    const first = wb.worksheets[0]!;
    expect(first.getCell('A1').value).toBe('Settlement status for the client');
    expect(first.getCell('A2').value).toBe('Marina South package — confidential');
    const sheet = wb.worksheets[1]!;
    const header = rowStarting(sheet, 'Status');
    expect(rowValues(sheet, header)).toEqual(['Status', 'Instrument', 'Latest value']);
    const a1 = sheet.getRow(header + [1, 2, 3].find((i) => sheet.getRow(header + i).getCell(2).value === 'SM-A1')!);
    expect(a1.getCell(3).value).toBe(25);
    expect(a1.getCell(3).numFmt).toBe('0.0');
  });

  it('geosum: the template’s sections only, in its order, with the chosen columns (PDF and XLSX)', async () => {
    const tpl = await template({
      report_type: 'geosum',
      sections: [
        { key: 'breaches', columns: null },
        { key: 'movements', columns: ['movement', 'instrument'] },
      ],
    });
    const pdf = pdfText(await report('geosum', 'pdf', tpl.template_id));
    expect(pdf).not.toContain('Instruments by type and status');
    expect(pdf).not.toContain('Key charts');
    expect(pdf.indexOf('Breach summary')).toBeGreaterThan(-1);
    expect(pdf.indexOf('Breach summary')).toBeLessThan(pdf.indexOf('Largest movements in the period'));
    expect(pdf).toMatch(/Movement\s+Instrument/);
    expect(pdf).not.toMatch(/Start value/);

    const wb = await workbookOf(await report('geosum', 'xls', tpl.template_id));
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(['Report', 'Breaches', 'Movements']);
    const movements = wb.getWorksheet('Movements')!;
    const header = rowStarting(movements, 'Movement');
    expect(rowValues(movements, header)).toEqual(['Movement', 'Instrument']);
    expect(rowValues(movements, header + 1)).toEqual([30, 'SM-A2']);
  });

  it('length unit m and language zh: values in mm shown in m, fixed words in Chinese', async () => {
    const tpl = await template({
      report_type: 'geostatus',
      length_unit: 'm',
      language: 'zh',
      sections: [{ key: 'status', columns: ['instrument', 'unit', 'latest_value'] }],
    });
    const wb = await workbookOf(await report('geostatus', 'xls', tpl.template_id));
    const sheet = wb.worksheets[1]!;
    const header = rowStarting(sheet, '仪器');
    expect(rowValues(sheet, header)).toEqual(['仪器', '单位', '最新值']);
    const a1 = [1, 2, 3].map((i) => rowValues(sheet, header + i)).find((r) => r[0] === 'SM-A1');
    expect(a1).toEqual(['SM-A1', 'm', 0.025]);
    expect(rowStarting(wb.worksheets[0]!, '合同')).toBeGreaterThan(0);
    expect(rowStarting(wb.worksheets[0]!, '生成人')).toBeGreaterThan(0);
  });

  it('a template of another type or another contract is refused when the report is asked for', async () => {
    const other = await template({ report_type: 'geosum', sections: [] });
    const res = await as(t, w.sessions.yuser, {
      method: 'POST',
      url: '/api/v1/reports/custom-templates',
      payload: { name: 'B layout', report_type: 'geostatus', contract_id: w.contractB },
    });
    const ofB = res.json<TCustomTemplate>();
    for (const bad of [String(other.template_id), String(ofB.template_id), '999999', 'weekly']) {
      const res = await as(t, s, {
        method: 'POST',
        url: '/api/v1/reports/geostatus?tzo=8',
        payload: { contract_ids: [w.contractA], period: { option: 'last-2-weeks' }, template: bad },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ template: 'Unknown report template' });
    }
  });

  it('an Excel template is filled: placeholders, the readings range with rows inserted, its styles, number format and SUM kept', async () => {
    const source = new ExcelJS.Workbook();
    const ws = source.addWorksheet('Readings');
    ws.getCell('A1').value = 'Contract {{contract.no}}';
    ws.getCell('A1').font = { bold: true, size: 14, color: { argb: 'FF1F4E79' } };
    ws.getCell('A1').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
    ws.getCell('A2').value = '{{period.from}}';
    ws.getCell('A2').numFmt = 'dd/mm/yyyy';
    ws.getCell('B2').value = '{{generated.by}}';
    ['Instrument', 'Reading', 'Depth', 'Unit', 'Time', 'Value'].forEach((h, i) => (ws.getRow(4).getCell(i + 1).value = h));
    ws.getCell('F5').numFmt = '0.000';
    ws.getCell('A5').font = { italic: true };
    ws.getCell('E6').value = 'Total';
    ws.getCell('F6').value = { formula: 'SUM(F5:F5)' } as ExcelJS.CellFormulaValue;
    ws.getCell('F6').numFmt = '#,##0.00';
    ws.getCell('A8').value = 'Checked by the QP';
    source.definedNames.add("'Readings'!$A$5:$F$5", 'readings');
    const tpl = await template({ report_type: 'reading', sections: [] });
    const up = await as(t, s, {
      method: 'PUT',
      url: `/api/v1/reports/custom-templates/${tpl.template_id}/workbook`,
      ...workbookUpload('readings.xlsx', Buffer.from(await source.xlsx.writeBuffer())),
    });
    expect(up.statusCode, up.body).toBe(200);

    const wb = await workbookOf(await report('reading', 'xls', tpl.template_id));
    const out = wb.getWorksheet('Readings')!;
    expect(out.getCell('A1').value).toMatch(/^Contract C/);
    expect(out.getCell('A1').font).toMatchObject({ bold: true, size: 14 });
    expect(out.getCell('A1').fill).toMatchObject({ fgColor: { argb: 'FFDDEBF7' } });
    expect(out.getCell('A2').value).toBeInstanceOf(Date);
    expect(out.getCell('A2').numFmt).toBe('dd/mm/yyyy');
    expect(typeof out.getCell('B2').value).toBe('string');
    // 13 readings of contract A (SM-A1 5, SM-A2 5, SM-A4 3): rows 5 to 17, the total moved to row 18.
    const names = Array.from({ length: 13 }, (_, i) => out.getCell(`A${5 + i}`).value);
    expect(names.filter((n) => n === 'SM-A1')).toHaveLength(5);
    expect(names).not.toContain('SM-B1');
    expect(out.getCell('F9').value).toBe(25);
    expect(out.getCell('F17').numFmt).toBe('0.000');
    expect(out.getCell('A17').font).toMatchObject({ italic: true });
    expect(out.getCell('E18').value).toBe('Total');
    expect(out.getCell('F18').value).toMatchObject({ formula: 'SUM(F5:F17)' });
    expect(out.getCell('F18').numFmt).toBe('#,##0.00');
    expect(out.getCell('A20').value).toBe('Checked by the QP');
    // The default workbook is not written beside it.
    expect(wb.worksheets.map((x) => x.name)).toEqual(['Readings']);
  });

  it('an Excel template’s sheets are locked when the protection settings give a sheet password', async () => {
    const source = new ExcelJS.Workbook();
    source.addWorksheet('Cover').getCell('A1').value = 'Contract {{contract.no}}';
    source.addWorksheet('Notes').getCell('A1').value = 'Checked by the QP';
    const tpl = await template({ report_type: 'reading', sections: [] });
    const up = await as(t, s, {
      method: 'PUT',
      url: `/api/v1/reports/custom-templates/${tpl.template_id}/workbook`,
      ...workbookUpload('locked.xlsx', Buffer.from(await source.xlsx.writeBuffer())),
    });
    expect(up.statusCode, up.body).toBe(200);
    const locked = await as(t, s, { method: 'PUT', url: '/api/v1/reports/settings', payload: { xlsx_password: 'Sheet-lock-2026!' } });
    try {
      expect(locked.statusCode, locked.body).toBe(200);
      const wb = await workbookOf(await report('reading', 'xls', tpl.template_id));
      expect(wb.getWorksheet('Cover')!.getCell('A1').value).toMatch(/^Contract C/);
      for (const sheet of wb.worksheets) {
        expect((sheet as unknown as { sheetProtection?: { sheet?: boolean } }).sheetProtection).toMatchObject({ sheet: true });
      }
    } finally {
      await as(t, s, { method: 'PUT', url: '/api/v1/reports/settings', payload: { xlsx_password: null } });
    }
  });
});
