/**
 * The alert evaluator (issue 9): loads what the rules of `alerts.engine.ts` need, runs them, and writes the outcome
 * in one transaction under an advisory lock (one evaluation at a time across instances). Then it tells people
 * (`AlertNotifier`) and publishes `dataUpdated` (topics `instruments` and `alerts`).
 *
 * - `evaluateReadings`: after an upload's readings are committed — the new readings of the series it touched, with
 *   the history each rule needs, then the monitoring groups and scenarios covering its instruments.
 * - `runChecks`: every minute (the schedule dispatcher's tick) — missing readings and rebaselines.
 *
 * Idempotent: a trigger at or before the newest reading time already counted for its alert key is skipped, so
 * evaluating the same readings twice writes nothing the second time.
 */
import { ALERT_KIND_SEVERITY, FREQUENCIES, ZAlertParameters, ZGroupRule, ZScenarioRule, type TResolvedAlertParameters } from '@strata/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { alertMessageText } from './alert-message.js';
import { Plan, type EvaluationOutcome } from './alert-plan.js';
import type { AlertNotifier } from './alert-notifier.js';
import { evaluateGroupRule, evaluateSeries, historyNeeded, isMissing, minChangeOf, resolveParameters, type LevelThreshold } from './alerts.engine.js';
import {
  baselineStates,
  breachesOf,
  instrumentNames,
  levelSeverities,
  missingCandidates,
  parameterTemplates,
  ruleOwnersOf,
  saveBaselineStates,
  type RuleOwner,
} from './checks.repository.js';
import { keyStates, keysWhere, lockEvaluation, readingsOfWindows, seriesKeysWhere, seriesMeta, thresholdsOfInstruments } from './evaluation.repository.js';

export type { EvaluationOutcome };

const HOUR = 3_600_000;

export interface EvaluateReadingsInput {
  /** Series whose readings arrived. */
  seriesIds: number[];
  /** The time range of the new readings (inclusive). */
  from: Date | string | number;
  to: Date | string | number;
  uploadId?: number | null;
}

const toDate = (v: Date | string | number) => (v instanceof Date ? v : new Date(v));

/** Each instrument's parameters: defaults, then templates for every contract, for its contract, for it (later wins). */
async function parametersOf(
  db: Executor,
  instruments: readonly { instrumentId: number; contractId: number }[],
): Promise<Map<number, TResolvedAlertParameters>> {
  const templates = (await parameterTemplates(db)).flatMap((t) => {
    const p = ZAlertParameters.safeParse(t.parameters);
    return p.success ? [{ ...t, parameters: p.data }] : [];
  });
  const out = new Map<number, TResolvedAlertParameters>();
  for (const i of instruments) {
    const global = templates.filter((t) => t.contractIds.length === 0 && t.instrumentIds.length === 0);
    const contract = templates.filter((t) => t.contractIds.includes(i.contractId) && t.instrumentIds.length === 0);
    const own = templates.filter((t) => t.instrumentIds.includes(i.instrumentId) && (t.contractIds.length === 0 || t.contractIds.includes(i.contractId)));
    out.set(i.instrumentId, resolveParameters(...[...global, ...contract, ...own].map((t) => t.parameters)));
  }
  return out;
}

/** The per-series rules over new readings: runs added to the plan. */
async function planSeries(tx: Executor, plan: Plan, input: EvaluateReadingsInput): Promise<{ instrumentIds: number[]; from: Date; to: Date }> {
  const from = toDate(input.from);
  const to = toDate(input.to);
  const meta = await seriesMeta(tx, [...new Set(input.seriesIds)]);
  const instruments = [...new Map(meta.map((m) => [m.instrumentId, { instrumentId: m.instrumentId, contractId: m.contractId }])).values()];
  const [params, thresholds] = await Promise.all([
    parametersOf(tx, instruments),
    thresholdsOfInstruments(
      tx,
      instruments.map((i) => i.instrumentId),
    ),
  ]);
  const thresholdsBy = new Map<string, LevelThreshold[]>();
  for (const t of thresholds) {
    const k = `${t.instrumentId}|${t.readingCodeId}`;
    const list = thresholdsBy.get(k) ?? [];
    list.push({ levelCode: t.levelCode, severity: t.severity, upper: t.upper, lower: t.lower });
    thresholdsBy.set(k, list);
  }
  plan.addStates(await keyStates(tx, seriesKeysWhere(meta.map((m) => m.seriesId))));
  const readings = await readingsOfWindows(
    tx,
    meta.map((m) => ({ seriesId: m.seriesId, from, to, history: historyNeeded(params.get(m.instrumentId)!) })),
  );
  for (const m of meta) {
    const r = readings.get(m.seriesId);
    if (!r) continue;
    const p = params.get(m.instrumentId)!;
    const prefix = `s${m.seriesId}`;
    const keyOf = (k: string) => (k.startsWith('breached:') ? `breached:${prefix}:${k.slice(9)}` : `${k}:${prefix}`);
    const runs = evaluateSeries({
      times: r.times,
      values: r.values,
      start: r.start,
      thresholds: thresholdsBy.get(`${m.instrumentId}|${m.readingCodeId}`) ?? [],
      precision: m.precision,
      minChange: minChangeOf(p, m.readingCode),
      params: p,
      counted: (k) => plan.counted(keyOf(k)),
    });
    for (const [k, run] of runs) {
      const detail = run.detail as Record<string, unknown> | null;
      plan.add({
        openKey: keyOf(k),
        contractId: m.contractId,
        kind: run.kind,
        instrumentId: m.instrumentId,
        seriesId: m.seriesId,
        groupId: null,
        scenarioId: null,
        levelCode: run.levelCode,
        severity: run.severity ?? ALERT_KIND_SEVERITY[run.kind],
        count: run.count,
        firstAt: run.firstAt,
        firstValue: run.firstValue,
        lastAt: run.lastAt,
        lastValue: run.lastValue,
        peakValue: run.peakValue,
        peakScore: run.peakScore,
        detail,
        ownerId: null,
        message: alertMessageText({
          kind: run.kind,
          levelCode: run.levelCode,
          instrumentName: m.instrumentName,
          readingCode: m.readingCode,
          depth: m.depth,
          unit: m.unit,
          latestValue: run.lastValue,
          readingAt: new Date(run.lastAt),
          groupName: null,
          scenarioName: null,
          detail,
        }),
      });
    }
  }
  return { instrumentIds: instruments.map((i) => i.instrumentId), from, to };
}

export const ownerKey = (o: Pick<RuleOwner, 'kind' | 'id'>) => (o.kind === 'group' ? `group:g${o.id}` : `${o.kind}:c${o.id}`);

/** Monitoring-group and scenario rules over the instruments touched, in [from − T, to]. */
async function planGroups(tx: Executor, plan: Plan, instrumentIds: readonly number[] | 'all', from: Date, to: Date): Promise<void> {
  const owners = await ruleOwnersOf(tx, instrumentIds);
  if (owners.length === 0) return;
  const levels = await levelSeverities(tx);
  plan.addStates(await keyStates(tx, keysWhere(owners.map(ownerKey))));
  for (const o of owners) {
    const parsed = o.kind === 'group' ? ZGroupRule.safeParse(o.rule) : ZScenarioRule.safeParse(o.rule);
    if (!parsed.success) continue;
    const rule = parsed.data;
    const level = levels.get(rule.level_code);
    if (!level) continue;
    const withinMs = rule.within_hours * HOUR;
    const breaches = await breachesOf(tx, o.instrumentIds, level.severity, new Date(from.getTime() - withinMs), to);
    const key = ownerKey(o);
    const { triggers, lastIds } = evaluateGroupRule(breaches, { minCount: rule.min_count, withinMs }, plan.counted(key));
    if (triggers.length === 0) continue;
    const first = triggers[0]!;
    const last = triggers.at(-1)!;
    let peak = first;
    for (const t of triggers) if (t.count > peak.count) peak = t;
    const names = await instrumentNames(tx, lastIds);
    const detail = {
      instrument_ids: lastIds,
      instruments: lastIds.map((id) => names.get(id) ?? String(id)),
      within_hours: rule.within_hours,
      min_count: rule.min_count,
    };
    plan.add({
      openKey: key,
      contractId: o.contractId,
      kind: o.kind,
      instrumentId: null,
      seriesId: null,
      groupId: o.kind === 'group' ? o.id : null,
      scenarioId: o.kind === 'group' ? null : o.id,
      levelCode: rule.level_code,
      severity: level.severity,
      count: triggers.length,
      firstAt: first.at,
      firstValue: first.count,
      lastAt: last.at,
      lastValue: last.count,
      peakValue: peak.count,
      peakScore: peak.count,
      detail,
      ownerId: o.kind === 'user' ? o.createdBy : null,
      message: alertMessageText({
        kind: o.kind,
        levelCode: rule.level_code,
        instrumentName: null,
        readingCode: null,
        depth: null,
        unit: null,
        latestValue: last.count,
        readingAt: new Date(last.at),
        groupName: o.kind === 'group' ? o.name : null,
        scenarioName: o.kind === 'group' ? null : o.name,
        detail,
      }),
    });
  }
}

/** Evaluates new readings inside `tx` (the caller holds or takes the lock): used by the service and the demo seed. */
export async function evaluateReadingsIn(tx: Executor, input: EvaluateReadingsInput, now: Date): Promise<EvaluationOutcome> {
  await lockEvaluation(tx);
  const plan = new Plan();
  const { instrumentIds, from, to } = await planSeries(tx, plan, input);
  if (instrumentIds.length > 0) await planGroups(tx, plan, instrumentIds, from, to);
  return plan.write(tx, now, { upload_id: input.uploadId ?? null, series: input.seriesIds.length });
}

/** Missing readings and rebaselines, inside `tx`. */
export async function runChecksIn(tx: Executor, now: Date): Promise<EvaluationOutcome> {
  await lockEvaluation(tx);
  const plan = new Plan();
  const nowMs = now.getTime();
  // Missing readings.
  const candidates = await missingCandidates(tx);
  const params = await parametersOf(tx, candidates);
  const minutes = new Map<string, number>(FREQUENCIES.map((f) => [f.code, f.minutes]));
  const missing = candidates.filter((c) => {
    const m = minutes.get(c.frequency);
    return m !== undefined && isMissing(c.lastAt, m, params.get(c.instrumentId)!.missing.grace_minutes, nowMs);
  });
  // Rebaselines: the baseline time or the thresholds differ from what the last check saw (first sight: no alert).
  const states = await baselineStates(tx);
  // Times come back from raw SQL as strings on one engine and Dates on the other: compare them as epoch ms.
  const ms = (v: Date | string | null) => (v === null ? null : new Date(v).valueOf());
  const changed = states.filter((s) => s.seen && (ms(s.baselineAt) !== ms(s.seenBaselineAt) || s.hash !== s.seenHash));
  const unseen = states.filter((s) => !s.seen);
  const names = await instrumentNames(tx, [...missing.map((m) => m.instrumentId), ...changed.map((c) => c.instrumentId)]);
  plan.addStates(await keyStates(tx, keysWhere([...missing.map((m) => `missing:i${m.instrumentId}`), ...changed.map((c) => `rebaseline:i${c.instrumentId}`)])));
  const base = {
    seriesId: null,
    groupId: null,
    scenarioId: null,
    levelCode: null,
    count: 1,
    firstValue: null,
    lastValue: null,
    peakValue: null,
    peakScore: 0,
    ownerId: null,
  };
  const facts = { levelCode: null, readingCode: null, depth: null, unit: null, latestValue: null, groupName: null, scenarioName: null };
  for (const m of missing) {
    const key = `missing:i${m.instrumentId}`;
    if (m.lastAt <= plan.counted(key)) continue;
    const detail = { last_reading_at: new Date(m.lastAt).toISOString(), frequency: m.frequency };
    plan.add({
      ...base,
      openKey: key,
      contractId: m.contractId,
      kind: 'missing',
      instrumentId: m.instrumentId,
      severity: ALERT_KIND_SEVERITY.missing,
      firstAt: m.lastAt,
      lastAt: m.lastAt,
      detail,
      message: alertMessageText({ ...facts, kind: 'missing', instrumentName: names.get(m.instrumentId) ?? null, readingAt: new Date(m.lastAt), detail }),
    });
  }
  for (const c of changed) {
    const detail = { baseline: ms(c.baselineAt) !== ms(c.seenBaselineAt), thresholds: c.hash !== c.seenHash };
    plan.add({
      ...base,
      openKey: `rebaseline:i${c.instrumentId}`,
      contractId: c.contractId,
      kind: 'rebaseline',
      instrumentId: c.instrumentId,
      severity: ALERT_KIND_SEVERITY.rebaseline,
      firstAt: nowMs,
      lastAt: nowMs,
      detail,
      message: alertMessageText({ ...facts, kind: 'rebaseline', instrumentName: names.get(c.instrumentId) ?? null, readingAt: null, detail }),
    });
  }
  const baselineNow = (s: (typeof states)[number]) => ({
    instrumentId: s.instrumentId,
    baselineAt: s.baselineAt ? new Date(s.baselineAt) : null,
    hash: s.hash,
  });
  await saveBaselineStates(tx, [...unseen, ...changed].map(baselineNow), now);
  return plan.write(tx, now, { check: 'missing,rebaseline' });
}

/** Re-evaluates every group and scenario over the last `hours` (after a rule was created or changed). */
export async function evaluateRulesIn(tx: Executor, now: Date, instrumentIds: readonly number[] | 'all', hours: number): Promise<EvaluationOutcome> {
  await lockEvaluation(tx);
  const plan = new Plan();
  await planGroups(tx, plan, instrumentIds, new Date(now.getTime() - hours * HOUR), now);
  return plan.write(tx, now, { check: 'rules' });
}

/** The evaluator of one app: transactions, then notifications after commit. */
export class AlertsEvaluator {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifier: AlertNotifier | undefined,
  ) {}

  private async run(work: (tx: Executor, now: Date) => Promise<EvaluationOutcome>): Promise<EvaluationOutcome> {
    const outcome = await this.ctx.db.orm.transaction((tx) => work(tx, this.ctx.now()));
    if (this.notifier && outcome.contracts.size > 0) await this.notifier.tell(outcome.news, outcome.contracts);
    return outcome;
  }

  evaluateReadings(input: EvaluateReadingsInput): Promise<EvaluationOutcome> {
    return this.run((tx, now) => evaluateReadingsIn(tx, input, now));
  }

  runChecks(): Promise<EvaluationOutcome> {
    return this.run((tx, now) => runChecksIn(tx, now));
  }

  evaluateRules(instrumentIds: readonly number[] | 'all', hours: number): Promise<EvaluationOutcome> {
    return this.run((tx, now) => evaluateRulesIn(tx, now, instrumentIds, hours));
  }
}
