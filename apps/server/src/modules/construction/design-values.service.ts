/**
 * The QP(D) design values of an instrument and the instrument plans (issue 19), read within the caller's contracts:
 * - an instrument's predictions grouped by construction site, with each site's current stage and the rows of that
 *   stage (what the instrument's chart draws as the dashed "predicted" line beside "measured");
 * - the plan rows of the caller's contracts, each beside the contract's instrument of the same name (planned,
 *   installed, reading) with totals per type (the installation status report, the management dashboard);
 * - deleting one prediction (DeleteDesignInfo; audited; dataUpdated on DESIGN_VALUES_TOPIC).
 */
import {
  DESIGN_VALUES_TOPIC,
  type InstrumentStatus,
  type TDesignPrediction,
  type TInstrumentDesignValues,
  type TInstrumentPlan,
  type TInstrumentPlanList,
  type TInstrumentPlanQuery,
  type TInstrumentPlanTotal,
  type TSiteDesignValues,
  type TFacePart,
  type TSiteStage,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { safeError } from '../../platform/safe-error.js';
import { scopeOf } from '../contracts/contracts.service.js';
import { INSTRUMENT_NOT_FOUND } from '../instruments/instruments.service.js';
import { stageNow } from './construction.service.js';
import { publishDataUpdated } from '../realtime/realtime.publish.js';
import {
  deletePrediction,
  instrumentInScope,
  latestProgressOf,
  plansOf,
  predictionsOf,
  type PlanView,
  type PredictionView,
} from './design-values.repository.js';

export const PREDICTION_NOT_FOUND = 'Design value not found';

/**
 * The stage a site's works are in (`stageNow` of the construction progress service, so a chart's "current stage" is
 * the one the site's progress page shows); undefined before any stage with a target is left.
 */
export function currentStageOf(
  site: { type: 'E' | 'MT'; stages: readonly TSiteStage[] },
  progress: { zoneLevels: readonly number[]; faces: readonly { facePart: string; chainage: number }[] },
): TSiteStage | undefined {
  const faces = progress.faces.map((f) => ({ face_part: f.facePart as TFacePart, chainage: f.chainage }));
  const { stage_no } = stageNow(site.type, site.stages, { levels: progress.zoneLevels, faces });
  return stage_no === null ? undefined : site.stages.find((s) => s.stage_no === stage_no);
}

const presentPrediction = (p: PredictionView): TDesignPrediction => ({
  prediction_id: p.predictionId,
  reading_code: p.readingCode,
  unit: p.unit,
  depth: p.depth,
  stage_no: p.stageNo,
  stage_name: p.stages.find((s) => s.stage_no === p.stageNo)?.name ?? null,
  value: p.value,
  remarks: p.remarks,
  upload_id: p.uploadId,
});

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function presentPlan(p: PlanView): TInstrumentPlan {
  const first = iso(p.first_reading_at);
  return {
    plan_id: p.plan_id,
    contract_id: p.contract_id,
    contract_no: p.contract_no,
    name: p.name,
    type_id: p.type_id,
    type_code: p.type_code,
    type_name: p.type_name,
    easting: p.easting === null ? null : Number(p.easting),
    northing: p.northing === null ? null : Number(p.northing),
    planned_install_date: p.planned_install_date,
    planned_frequency: p.planned_frequency,
    remarks: p.remarks,
    upload_id: p.upload_id,
    state: first !== null ? 'reading' : p.instrument_id !== null ? 'installed' : 'planned',
    instrument_id: p.instrument_id,
    instrument_status: p.instrument_status as InstrumentStatus | null,
    install_date: p.install_date,
    first_reading_at: first,
  };
}

export class DesignValuesService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.orm;
  }

  /** An instrument's design values by site (404 outside the caller's contracts, as GET /instruments/{id}). */
  async designValues(actor: Actor, instrumentId: number): Promise<TInstrumentDesignValues> {
    const found = await instrumentInScope(this.db, scopeOf(actor), instrumentId);
    if (!found) throw notFound(INSTRUMENT_NOT_FOUND);
    const predictions = await predictionsOf(this.db, instrumentId);
    const bySite = new Map<number, PredictionView[]>();
    for (const p of predictions) bySite.set(p.siteId, [...(bySite.get(p.siteId) ?? []), p]);
    const progress = await latestProgressOf(this.db, [...bySite.keys()]);
    const sites: TSiteDesignValues[] = [...bySite.values()].map((rows) => {
      const site = rows[0]!;
      const stage = currentStageOf(
        { type: site.siteType, stages: site.stages },
        {
          zoneLevels: progress.zones.filter((z) => z.siteId === site.siteId).map((z) => z.level),
          faces: progress.faces.filter((f) => f.siteId === site.siteId),
        },
      );
      const presented = rows.map(presentPrediction);
      return {
        site_id: site.siteId,
        site_name: site.siteName,
        type: site.siteType,
        current_stage_no: stage?.stage_no ?? null,
        current_stage_name: stage?.name ?? null,
        rows: presented,
        current: stage ? presented.filter((r) => r.stage_no === stage.stage_no) : [],
      };
    });
    return { instrument_id: instrumentId, instrument_name: found.name, contract_id: found.contractId, sites };
  }

  /**
   * Deletes one prediction of an instrument: 404 unless the instrument is within the caller's contracts and the
   * prediction is its own (the same answer whether it does not exist or is another's). One transaction with the
   * audit row (entity `instrument`, the row in `before`); then dataUpdated on DESIGN_VALUES_TOPIC for its contract.
   */
  async deletePrediction(actor: Actor, instrumentId: number, predictionId: number): Promise<{ ok: true }> {
    const found = await instrumentInScope(this.db, scopeOf(actor), instrumentId);
    if (!found) throw notFound(INSTRUMENT_NOT_FOUND);
    await this.db.transaction(async (tx) => {
      const row = await deletePrediction(tx, instrumentId, predictionId);
      if (!row) throw notFound(PREDICTION_NOT_FOUND);
      await writeAudit(tx, actor, {
        action: 'design_prediction.delete',
        entityType: 'instrument',
        entityId: instrumentId,
        before: {
          instrument_name: found.name,
          prediction_id: row.predictionId,
          reading_code_id: row.readingCodeId,
          depth: row.depth,
          site_id: row.siteId,
          stage_no: row.stageNo,
          value: row.value,
          upload_id: row.uploadId,
        },
      });
    });
    try {
      await publishDataUpdated(this.ctx.bus, { topic: DESIGN_VALUES_TOPIC, contractId: found.contractId });
    } catch (err) {
      this.ctx.log.error({ err: safeError(err), instrumentId }, 'design values: publishing the deletion failed');
    }
    return { ok: true };
  }

  /** The instrument plans of the caller's contracts (ids outside them ignored) with totals per type. */
  async plans(actor: Actor, q: TInstrumentPlanQuery): Promise<TInstrumentPlanList> {
    const records = (await plansOf(this.db, scopeOf(actor), q.contracts)).map(presentPlan);
    const totals = new Map<string, TInstrumentPlanTotal>();
    for (const r of records) {
      const t = totals.get(r.type_code) ?? { type_code: r.type_code, type_name: r.type_name, planned: 0, installed: 0, reading: 0 };
      t.planned++;
      if (r.state !== 'planned') t.installed++;
      if (r.state === 'reading') t.reading++;
      totals.set(r.type_code, t);
    }
    return {
      records,
      total_records: records.length,
      totals: [...totals.values()].sort((a, b) => a.type_code.localeCompare(b.type_code)),
    };
  }
}
