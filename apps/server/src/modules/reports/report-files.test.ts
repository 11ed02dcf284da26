/**
 * The real report types through the real renderers, as a user asks for them over the API (decision 039): the PDF's
 * text (read back with pdftotext) holds the instruments, their values and levels; the XLSX's cells equal the API's
 * numbers; the HTML is one self-contained page. Every type makes a PDF.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TYPE_CODES, type TLatestReadings, type TReportCheck, type TReportCreated } from '@strata/shared';
import { contracts } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { ALERT_TASKS, createAlertWorld, DAY, daily, loadAndEvaluate, type AlertWorld } from '../alerts/alerts.test-support.js';

function pdfTextOf(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'strata-report-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('reports: real types, real files', () => {
  let t: TestApp;
  let w: AlertWorld;
  let contractNo: string;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAlertWorld(t, [...ALERT_TASKS, 'ViewInstrumentData', 'ViewInstrumentCharts', 'GenerateInstrumentationMonitoringReport']);
    contractNo = (await t.db.orm.select().from(contracts).where(eq(contracts.contractId, w.contractA)))[0]!.no;
    const T0 = Math.floor((t.ctx.now().getTime() - 9 * DAY) / 3_600_000) * 3_600_000;
    await loadAndEvaluate(t, w, {
      'SM-A1': daily(T0, [0, 5, 10, 15, 25.125]), // past AL (20)
      'SM-A2': daily(T0, [0, 1, 2, 3, 30]), // past WSL (28)
      'SM-B1': daily(T0, [0, 40]), // contract B: never in a report of contract A
    });
  });
  afterAll(() => t.close());

  /** Asks for a report as xuser, makes it, and gets its file. */
  async function make(type: string, output: 'pdf' | 'xls' | 'html') {
    const res = await as(t, w.sessions.xuser, {
      method: 'POST',
      url: `/api/v1/reports/${type}?tzo=8`,
      payload: { contract_ids: [w.contractA], period: { option: 'last-2-weeks' }, output },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<TReportCreated>();
    await t.services.reports.runPending();
    const check = (await as(t, w.sessions.xuser, { method: 'GET', url: `/api/v1/reports/${created.report_id}/check` })).json<TReportCheck>();
    expect(check.status, JSON.stringify(check)).toBe(2);
    const file = await as(t, w.sessions.xuser, { method: 'GET', url: `${check.url!}&download=true` });
    expect(file.statusCode).toBe(200);
    return file;
  }

  it('geostatus as PDF: searchable text with each instrument of the contract, its latest value and its level', async () => {
    const text = pdfTextOf((await make('geostatus', 'pdf')).rawPayload);
    expect(text).toContain('Geotechnical Status');
    for (const s of ['SM-A1', 'SM-A2', 'AL', 'WSL']) expect(text).toContain(s);
    expect(text).toMatch(/25\.1[23]/);
    expect(text).not.toContain('SM-B1');
  });

  it('geostatus as XLSX: the latest values are numbers equal to GET /instruments/latest', async () => {
    const file = await make('geostatus', 'xls');
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ids = [w.inst['SM-A1']!, w.inst['SM-A2']!];
    const latest = (await as(t, w.sessions.xuser, { method: 'GET', url: `/api/v1/instruments/latest?ids=${ids.join(',')}` })).json<TLatestReadings>();
    let compared = 0;
    book.eachSheet((sheet) => {
      let header: string[] | null = null;
      sheet.eachRow((row) => {
        const values = (row.values as unknown[]).slice(1).map((v) => (typeof v === 'object' && v && 'richText' in v ? '' : v));
        if (values.includes('Latest value') && values.includes('Instrument')) {
          header = values.map(String);
          return;
        }
        if (!header) return;
        const name = values[header.indexOf('Instrument')];
        const id = typeof name === 'string' ? w.inst[name] : undefined;
        if (!id) return;
        const api = latest.records.find((r) => r.instrument_id === id)!.readings[0]!.value;
        expect(values[header.indexOf('Latest value')]).toBe(api);
        compared += 1;
      });
    });
    expect(compared).toBe(2);
  });

  it('geostatus as HTML: one self-contained page (no scripts, no outside addresses) with the instruments', async () => {
    const file = await make('geostatus', 'html');
    const html = file.body;
    expect(html.startsWith('<!DOCTYPE html>') || html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="https?:/i);
    expect(html).toContain('SM-A1');
    expect(html).not.toContain('SM-B1');
  });

  // Full monitoring reports are made from a template through their own route (full-monitoring/*.test.ts).
  it.each(REPORT_TYPE_CODES.filter((c) => c !== 'map' && c !== 'full-monitoring'))('%s makes a PDF titled with the contract', async (type) => {
    const text = pdfTextOf((await make(type, 'pdf')).rawPayload);
    expect(text).toContain(contractNo);
    expect(text).toMatch(/Page 1/);
  });
});
