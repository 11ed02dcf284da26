/**
 * The IMC quality audit and summary, the installation status and the summary of work done on a fixture contract
 * (decision 039): the documents' blocks hold the expected instruments and numbers; the installation totals are what
 * GET /instrument-plans answers; nothing of another contract appears.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInstrumentPlanList } from '@strata/shared';
import { contractors, contracts, instrumentPlans, instruments, uploadErrors, uploads, zones } from '../../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../../testing/harness.js';
import { createZone } from '../../../testing/master-data.js';
import { ALERT_TASKS, createAlertWorld, DAY, daily, loadAndEvaluate, setFrequency, type AlertWorld } from '../../alerts/alerts.test-support.js';
import { DUPLICATE_STORED_MESSAGE, duplicateInFileMessage } from '../../uploads/reading-validator.js';
import { subPeriods } from './common.js';
import { imcSummaryReport } from './imc.js';
import { imcQualityAudit } from './imc-quality.js';
import { REPORT_TYPE_DEFS } from './index.js';
import { installationStatus } from './installation.js';
import { collect, headings1, reportContext, tables, texts } from './report-types.test-support.js';
import { summaryWorkDone } from './work-done.js';

describe('report types: IMC quality and summary, installation status, summary of work done', () => {
  let t: TestApp;
  let w: AlertWorld;
  let T0: number;
  let zoneId: number;
  let contractorX: string;
  let contractNoA: string;
  const times: Record<string, number[]> = {};
  const params = () => ({ contract_ids: [w.contractA], period: { option: 'last-2-weeks' as const } });
  const byHeaders = (blocks: Awaited<ReturnType<typeof collect>>, first: string, second?: string) =>
    tables(blocks).find((x) => x.headers[0] === first && (second === undefined || x.headers[1] === second))!;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAlertWorld(t, [...ALERT_TASKS, 'ViewInstrumentData', 'ViewInstrumentCharts']);
    T0 = Math.floor((t.ctx.now().getTime() - 9 * DAY) / 3_600_000) * 3_600_000;
    const points = {
      'SM-A1': daily(T0, [10, 11, 12, 13, 14]), // weekly: 5 of the 2 required, not stale
      'SM-A2': [T0, T0 + DAY, T0 + 5 * DAY].map((at, k): [number, number] => [at, k]), // daily: a 4-day gap, stale
      'SM-A4': daily(T0, [1, 2, 3, 10]), // no frequency; 10 is a spike (more than twice the mean of 1, 2, 3)
      'SM-B1': daily(T0, [0, 40]),
    };
    for (const [name, pts] of Object.entries(points)) times[name] = pts.map((p) => p[0]);
    await setFrequency(t, w.inst['SM-A1']!, 'weekly');
    await setFrequency(t, w.inst['SM-A2']!, 'daily');
    await setFrequency(t, w.inst['SM-A3']!, 'weekly');
    await setFrequency(t, w.inst['SM-B1']!, 'daily');
    await loadAndEvaluate(t, w, points);
    // The first check sees every instrument (no alert), then SM-A1's baseline moves: a rebaseline; SM-A2 is missing.
    await t.services.alerts.runChecks();
    await t.db.orm
      .update(instruments)
      .set({ baselineAt: new Date(T0) })
      .where(eq(instruments.instrumentId, w.inst['SM-A1']!));
    await t.services.alerts.runChecks();

    // A zone with an outline, SM-A1 in it; a plan of four (two installed, one reading) and one of contract B.
    const zone = await createZone(t.db, w.contractA, 'Zone North');
    zoneId = zone.zoneId;
    const ring = [
      [30000, 28000],
      [31000, 28000],
      [31000, 29000],
      [30000, 29000],
      [30000, 28000],
    ];
    await t.db.orm
      .update(zones)
      .set({ polygon: { type: 'Polygon', coordinates: [ring] } })
      .where(eq(zones.zoneId, zoneId));
    await t.db.orm.update(instruments).set({ zoneId }).where(eq(instruments.instrumentId, w.inst['SM-A1']!));
    await t.db.orm.insert(instrumentPlans).values([
      { contractId: w.contractA, name: 'SM-A1', typeId: w.typeId, plannedInstallDate: '2020-01-01' },
      { contractId: w.contractA, name: 'SM-A3', typeId: w.typeId },
      {
        contractId: w.contractA,
        name: 'SM-P1',
        typeId: w.typeId,
        easting: 30500,
        northing: 28500,
        plannedInstallDate: '2020-02-01',
        remarks: 'Near the shaft',
      },
      { contractId: w.contractA, name: 'SM-P2', typeId: w.typeId, plannedInstallDate: '2999-01-01' },
      { contractId: w.contractB, name: 'SM-P9', typeId: w.typeId },
    ]);

    // Uploads: one loaded with duplicates (and another error) of SM-A2, one rejected, one of contract B, one long ago.
    const now = t.ctx.now().getTime();
    const upload = async (v: { contractId: number; status: 'done' | 'rejected'; at: number; loaded?: number; errors?: number }) => {
      const [row] = await t.db.orm
        .insert(uploads)
        .values({
          type: 'instrument',
          contractId: v.contractId,
          contractIds: [v.contractId],
          uploadedBy: w.userIds.xuser,
          createdAt: new Date(v.at),
          fileName: `readings-${v.at}.csv`,
          storageKey: `uploads/${v.at}`,
          sha256: String(v.at),
          size: 100,
          status: v.status,
          rowsLoaded: v.loaded ?? 0,
          errorsTotal: v.errors ?? 0,
        })
        .returning();
      return row!.uploadId;
    };
    const loaded = await upload({ contractId: w.contractA, status: 'done', at: now - 2 * DAY, loaded: 12, errors: 3 });
    await upload({ contractId: w.contractA, status: 'rejected', at: now - DAY });
    await upload({ contractId: w.contractB, status: 'done', at: now - DAY, loaded: 2 });
    const old = await upload({ contractId: w.contractA, status: 'done', at: now - 60 * DAY, loaded: 1, errors: 1 });
    const a2 = w.inst['SM-A2']!;
    await t.db.orm.insert(uploadErrors).values([
      { uploadId: loaded, seq: 1, row: 3, field: 'date_time', message: duplicateInFileMessage(2), instrumentId: a2 },
      { uploadId: loaded, seq: 2, row: 4, field: 'date_time', message: DUPLICATE_STORED_MESSAGE, instrumentId: a2 },
      { uploadId: loaded, seq: 3, row: 5, field: 'value', message: 'Value must be a number', instrumentId: a2 },
      { uploadId: old, seq: 1, row: 2, field: 'date_time', message: DUPLICATE_STORED_MESSAGE, instrumentId: a2 },
    ]);

    // A case on SM-A4's spike, closed (with its alert).
    const ctx = await reportContext(t, w.userIds.xuser, params());
    const spike = (await t.services.alerts.list(ctx.actor, { kind: ['spike'], limit: 10, skip: 0 })).records.find((a) => a.instrument_name === 'SM-A4')!;
    const opened = await t.services.reportServices.actionLog.open(ctx.actor, { alert_id: spike.alert_id });
    await t.services.reportServices.actionLog.close(ctx.actor, opened.case.case_id, { reason: 'Reading checked' });

    const [x] = await t.db.orm.select().from(contractors).where(eq(contractors.contractorId, w.contractorX));
    contractorX = x!.name;
    const [a] = await t.db.orm.select().from(contracts).where(eq(contracts.contractId, w.contractA));
    contractNoA = a!.no;
  });
  afterAll(() => t.close());

  it('imc-quality-audit: missing baselines, stale instruments, gaps, duplicates, spikes and rebaselines', async () => {
    const ctx = await reportContext(t, w.userIds.xuser, params());
    const doc = await imcQualityAudit.build(ctx);
    expect(doc.fileStem).toBe(`imc-quality-audit-${contractNoA}`.replace(/[^A-Za-z0-9._-]+/g, '_'));
    const blocks = await collect(doc);
    expect(headings1(blocks)).toBe(doc.sectionCount);
    const summary = byHeaders(blocks, 'Type');
    expect(summary.headers).toEqual(['Type', 'Instruments', 'Missing baselines', 'Stale instruments', 'Gaps', 'Duplicate rows', 'Spikes', 'Rebaselines']);
    expect(summary.rows[0]!.slice(1)).toEqual([4, 2, 2, 1, 2, 1, 1]);
    const baselines = byHeaders(blocks, 'Instrument', 'Type');
    expect(baselines.rows.map((r) => r[0])).toEqual(['SM-A2', 'SM-A4']);
    expect(baselines.cell(baselines.rows[0]!, 'First reading')).toEqual(new Date(T0));
    const stale = tables(blocks).find((x) => x.headers.includes('Age of last reading (days)'))!;
    expect(stale.rows.map((r) => [r[0], stale.cell(r, 'Required frequency'), stale.cell(r, 'Last reading')])).toEqual([
      ['SM-A2', 'Daily', new Date(T0 + 5 * DAY)],
      ['SM-A3', 'Weekly', null],
    ]);
    const gaps = tables(blocks).find((x) => x.headers.includes('Gap (days)'))!;
    expect(
      gaps.rows.map((r) => [r[0], gaps.cell(r, 'Reading before'), gaps.cell(r, 'Reading after'), gaps.cell(r, 'Gap (days)'), gaps.cell(r, 'Readings missed')]),
    ).toEqual([['SM-A2', new Date(T0 + DAY), new Date(T0 + 5 * DAY), 4, 3]]);
    const dups = byHeaders(blocks, 'Uploaded');
    expect(dups.rows.map((r) => [dups.cell(r, 'Instrument'), dups.cell(r, 'Duplicate rows')])).toEqual([['SM-A2', 2]]);
    const spikes = tables(blocks).find((x) => x.headers.includes('Triggers'))!;
    expect(spikes.rows.map((r) => [r[1], spikes.cell(r, 'Value'), spikes.cell(r, 'Status')])).toEqual([['SM-A4', 10, 'Closed']]);
    const rebaselines = tables(blocks).find((x) => x.headers.includes('Baseline date'))!;
    expect(rebaselines.rows.map((r) => r[1])).toEqual(['SM-A1']);
    expect(JSON.stringify(blocks)).not.toContain('SM-B1');
  });

  it('imc-quality-audit: a period without data says so in every section', async () => {
    const ctx = await reportContext(t, w.userIds.xuser, { contract_ids: [w.contractA], period: { option: 'range', from: '2020-01-01', to: '2020-01-31' } });
    const blocks = await collect(await imcQualityAudit.build(ctx));
    expect(texts(blocks)).toEqual(
      expect.arrayContaining([
        'No instruments with readings and without a baseline',
        'No gaps in the period',
        'No spikes in the period',
        'No rebaselines in the period',
      ]),
    );
  });

  it('imc-summary-report: compliance per instrument type and per contractor', async () => {
    const doc = await imcSummaryReport.build(await reportContext(t, w.userIds.xuser, params()));
    const blocks = await collect(doc);
    expect(headings1(blocks)).toBe(doc.sectionCount);
    const [byType, byContractor] = tables(blocks);
    // Required: SM-A1 weekly 2, SM-A2 daily 14, SM-A3 weekly 2; achieved 5, 3, 0 (SM-A1's capped at 2 for the %).
    const expected = [4, 3, 18, 8, (5 / 18) * 100, 1, 1];
    expect(byType!.rows.map((r) => r[0])).toEqual([expect.stringMatching(/^SM/), 'All types']);
    for (const row of [byType!.rows[0]!, byType!.rows[1]!, byContractor!.rows[0]!]) {
      const nums = row.slice(row.length - expected.length) as number[];
      expect(nums.map((n, k) => (k === 4 ? Number(n.toFixed(6)) : n))).toEqual(expected.map((n, k) => (k === 4 ? Number(n.toFixed(6)) : n)));
    }
    expect(byContractor!.rows.map((r) => [r[0], r[1]])).toEqual([[contractorX, contractNoA]]);
  });

  it('installation-status: the plan against installed and reading, per type and zone; totals equal GET /instrument-plans', async () => {
    const ctx = await reportContext(t, w.userIds.xuser, params());
    await t.db.orm.update(instruments).set({ installDate: ctx.period.lastDay }).where(eq(instruments.instrumentId, w.inst['SM-A1']!));
    const doc = await installationStatus.build(ctx);
    const blocks = await collect(doc);
    expect(headings1(blocks)).toBe(doc.sectionCount);
    const [types, zonesTable, plan, unplanned] = tables(blocks);
    const screen = (await as(t, w.sessions.xuser, { method: 'GET', url: `/api/v1/instrument-plans?contracts=[${w.contractA}]` })).json<TInstrumentPlanList>();
    const total = screen.totals[0]!;
    expect(types!.rows[0]!.slice(1, 4)).toEqual([total.planned, total.installed, total.reading]);
    expect(types!.rows[0]!.slice(1)).toEqual([4, 2, 1, 2, 50, 1]);
    expect(zonesTable!.rows.map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      ['Zone North', 2, 1, 1],
      ['No zone', 2, 1, 0],
    ]);
    expect(plan!.rows.map((r) => [r[1], plan!.cell(r, 'Zone'), plan!.cell(r, 'State'), plan!.cell(r, 'Overdue')])).toEqual([
      ['SM-A1', 'Zone North', 'Reading', null],
      ['SM-A3', null, 'Installed', null],
      ['SM-P1', 'Zone North', 'Planned', 'Yes'],
      ['SM-P2', null, 'Planned', null],
    ]);
    expect(unplanned!.rows.map((r) => r[1])).toEqual(['SM-A2', 'SM-A4']);
    expect(JSON.stringify(blocks)).not.toContain('SM-P9');

    const inZone = await collect(await installationStatus.build(await reportContext(t, w.userIds.xuser, { ...params(), zone_ids: [zoneId] })));
    expect(tables(inZone)[2]!.rows.map((r) => r[1])).toEqual(['SM-A1', 'SM-P1']);
  });

  it('summary-work-done: readings per type, contractor and week, uploads, alerts and cases', async () => {
    const ctx = await reportContext(t, w.userIds.xuser, params());
    const doc = await summaryWorkDone.build(ctx);
    const blocks = await collect(doc);
    expect(headings1(blocks)).toBe(doc.sectionCount);
    const parts = subPeriods(ctx);
    expect(parts).toHaveLength(2);
    const readingsTable = byHeaders(blocks, 'Type', 'Contractor');
    expect(readingsTable.headers.slice(2)).toEqual([...parts.map((p) => p.label), 'Total']);
    const inPart = (p: (typeof parts)[number]) =>
      ['SM-A1', 'SM-A2', 'SM-A4'].reduce((n, name) => n + times[name]!.filter((at) => at >= p.from.getTime() && at < p.to.getTime()).length, 0);
    expect(readingsTable.rows[0]!.slice(1)).toEqual([contractorX, ...parts.map(inPart), 12]);
    expect(readingsTable.rows[1]).toEqual(['All types', null, ...parts.map(inPart), 12]);
    const uploadsTable = byHeaders(blocks, 'Upload type');
    expect(uploadsTable.rows).toEqual([
      ['instrument', 2, 1, 0, 1, 0, 0, 12],
      ['All uploads', 2, 1, 0, 1, 0, 0, 12],
    ]);
    const alertsTable = byHeaders(blocks, 'Alert');
    expect(alertsTable.rows).toEqual([
      ['Spike', 1, 1],
      ['Rebaseline', 1, 0],
      ['Missing Reading Alerts', 1, 0],
      ['All alerts', 3, 1],
    ]);
    const cases = byHeaders(blocks, 'Category');
    expect(cases.rows).toEqual([
      ['Breached instrument', 1, 1],
      ['All cases', 1, 1],
    ]);
    expect(JSON.stringify(blocks)).not.toContain('SM-B1');
  });

  it('scope: a report of contract B made by a user of contract A alone holds nothing of B', async () => {
    // The map report's view covers every test instrument (the other types ignore it).
    const map = { extent: [29000, 29000, 36000, 33000] as [number, number, number, number] };
    const ctx = await reportContext(t, w.userIds.xuser, { contract_ids: [w.contractB], period: { option: 'last-2-weeks' }, map });
    for (const def of Object.values(REPORT_TYPE_DEFS)) {
      const text = JSON.stringify(await collect(await def.build(ctx)));
      expect(text).not.toContain('SM-B1');
      expect(text).not.toContain('SM-P9');
    }
  });
});
