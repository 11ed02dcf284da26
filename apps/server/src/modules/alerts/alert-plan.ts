/**
 * How one evaluation's triggers become rows (issue 9): `Plan` collects the trigger runs per alert key with the keys'
 * states (newest counted reading time, open alert), then writes new alerts, updates of open ones, their events and
 * one audit row, in the caller's transaction.
 */
import type { Executor } from '../../db/client.js';
import { SYSTEM_ACTOR, writeAudit } from '../../platform/audit.js';
import type { MessageText } from '../../lib/server-messages.js';
import type { AlertNews } from './alert-notifier.js';
import { levelSeverities } from './checks.repository.js';
import { insertAlerts, insertEvents, updateAlerts, type AlertUpdate, type KeyState, type NewAlert, type NewEvent } from './evaluation.repository.js';

export interface EvaluationOutcome {
  opened: number;
  updated: number;
  escalated: number;
  /** New and escalated alerts (what people are told of). */
  news: AlertNews[];
  /** Contracts whose alerts changed. */
  contracts: Set<number>;
}

/** One trigger run folded into an alert key: what the evaluator writes. */
export interface Run {
  openKey: string;
  contractId: number;
  kind: string;
  instrumentId: number | null;
  seriesId: number | null;
  groupId: number | null;
  scenarioId: number | null;
  levelCode: string | null;
  severity: number;
  count: number;
  firstAt: number;
  firstValue: number | null;
  lastAt: number;
  lastValue: number | null;
  peakValue: number | null;
  peakScore: number;
  detail: Record<string, unknown> | null;
  message: MessageText;
  ownerId: number | null;
  /** A breached run of a lower level on the same series opened before this one (in this run or earlier). */
  escalatedFrom?: string | undefined;
}

/** Collects runs, then writes inserts, updates and events. */
export class Plan {
  private readonly runs: Run[] = [];
  private readonly states = new Map<string, KeyState>();

  addStates(states: Map<string, KeyState>) {
    for (const [k, v] of states) this.states.set(k, v);
  }

  counted(key: string): number {
    return this.states.get(key)?.counted ?? -Infinity;
  }

  add(run: Run) {
    this.runs.push(run);
  }

  get size() {
    return this.runs.length;
  }

  async write(tx: Executor, now: Date, audit: Record<string, unknown>): Promise<EvaluationOutcome> {
    const inserts: NewAlert[] = [];
    const updates: AlertUpdate[] = [];
    const events: NewEvent[] = [];
    const fresh: Run[] = [];
    const d = (ms: number) => new Date(ms);
    // Escalation: a breached alert opening above a level already open on its series (or opened before it in this run).
    const levels = await levelSeverities(tx);
    const lowerLevels = new Map<number, { code: string; severity: number; at: number }[]>();
    const note = (seriesId: number, code: string, at: number) => {
      const list = lowerLevels.get(seriesId) ?? [];
      list.push({ code, severity: levels.get(code)?.severity ?? 0, at });
      lowerLevels.set(seriesId, list);
    };
    for (const st of this.states.values()) {
      if (st.open?.seriesId && st.open.levelCode && st.openKey.startsWith('breached:')) note(st.open.seriesId, st.open.levelCode, -Infinity);
    }
    for (const r of this.runs) {
      if (r.kind === 'breached' && r.seriesId !== null && r.levelCode && !this.states.get(r.openKey)?.open) note(r.seriesId, r.levelCode, r.firstAt);
    }
    for (const r of this.runs) {
      const open = this.states.get(r.openKey)?.open;
      if (open) {
        const newPeak = r.peakScore > (open.peakScore ?? -Infinity);
        const peakValue = newPeak ? r.peakValue : open.peakValue;
        updates.push({
          alertId: open.alertId,
          at: now,
          readingAt: d(r.lastAt),
          latestValue: r.lastValue,
          peakValue,
          added: r.count,
          detail: { ...(r.detail ?? {}), peak_score: newPeak ? r.peakScore : (open.peakScore ?? r.peakScore) },
        });
        // Every evaluation that adds triggers is a row of the history, so the rows' triggers add up to the alert's count.
        events.push({
          alertId: open.alertId,
          at: now,
          type: 'updated',
          levelCode: r.levelCode,
          value: newPeak ? r.peakValue : r.lastValue,
          readingAt: d(r.firstAt),
          lastReadingAt: d(r.lastAt),
          triggers: r.count,
          byUser: null,
          note: newPeak ? `New peak after ${open.triggerCount + r.count} triggers` : null,
        });
        continue;
      }
      if (r.kind === 'breached' && r.seriesId !== null) {
        const below = (lowerLevels.get(r.seriesId) ?? []).filter((o) => o.severity < r.severity && o.at <= r.firstAt);
        if (below.length > 0) r.escalatedFrom = [...new Set(below.map((o) => o.code))].join(', ');
      }
      inserts.push({
        contractId: r.contractId,
        kind: r.kind,
        openKey: r.openKey,
        instrumentId: r.instrumentId,
        seriesId: r.seriesId,
        groupId: r.groupId,
        scenarioId: r.scenarioId,
        levelCode: r.levelCode,
        at: now,
        firstReadingAt: d(r.firstAt),
        readingAt: d(r.lastAt),
        firstValue: r.firstValue,
        latestValue: r.lastValue,
        peakValue: r.peakValue,
        triggerCount: r.count,
        detail: { ...(r.detail ?? {}), peak_score: r.peakScore },
      });
      fresh.push(r);
    }
    const ids = await insertAlerts(tx, inserts);
    await updateAlerts(tx, updates);
    const news: AlertNews[] = [];
    let escalated = 0;
    for (const r of fresh) {
      const alertId = ids.get(r.openKey);
      if (alertId === undefined) continue;
      const isEscalation = r.escalatedFrom !== undefined;
      if (isEscalation) escalated++;
      events.push({
        alertId,
        at: now,
        type: isEscalation ? 'escalated' : 'opened',
        levelCode: r.levelCode,
        value: r.firstValue,
        readingAt: d(r.firstAt),
        lastReadingAt: d(r.lastAt),
        triggers: r.count,
        byUser: null,
        note: isEscalation ? `From ${r.escalatedFrom}` : null,
      });
      news.push({
        alertId,
        contractId: r.contractId,
        kind: r.kind,
        levelCode: r.levelCode,
        severity: r.severity,
        instrumentId: r.instrumentId,
        groupId: r.groupId,
        scenarioId: r.scenarioId,
        ownerId: r.ownerId,
        message: r.message,
        escalated: isEscalation,
      });
    }
    await insertEvents(tx, events);
    const outcome: EvaluationOutcome = {
      opened: inserts.length,
      updated: updates.length,
      escalated,
      news,
      contracts: new Set(this.runs.map((r) => r.contractId)),
    };
    if (inserts.length + updates.length > 0) {
      await writeAudit(tx, SYSTEM_ACTOR, {
        action: 'alerts.evaluate',
        entityType: 'alert',
        after: { ...audit, opened: outcome.opened, updated: outcome.updated, escalated },
      });
    }
    return outcome;
  }
}
