/** What the sections of a full monitoring report read, each once (decision 040): through the screens' services, as the creator. */
import type { TAlert } from '@strata/shared';
import type { ReportBlock } from '../../report-document.js';
import type { ReportContext } from '../../report-types.js';
import { byType, geoData, selectedInstruments, type GeoData, type Level, type ReportInstrument, type Threshold } from '../common.js';
import { breachesInPeriod, typeStatusTables } from '../geo.js';
import { instrumentsRead } from '../imr.js';

/** The monitoring report the document is the draft of, and the published revisions of its number before it. */
export interface MonitoringReportFacts {
  id: number;
  contractId: number;
  contractNo: string;
  contractTitle: string;
  reportNo: string;
  revision: number;
  title: string;
  preparedByName: string | null;
  created: Date;
  earlier: {
    revision: number;
    preparedByName: string | null;
    checkedByName: string | null;
    checkedAt: Date | null;
    approvedByName: string | null;
    approvedAt: Date | null;
  }[];
}

const once = <T>(read: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => (p ??= read());
};

export class FullMonitoringData {
  constructor(
    readonly ctx: ReportContext,
    readonly report: MonitoringReportFacts,
  ) {}

  /** The report's instruments: its contract, narrowed to its zones. */
  readonly instruments = once(() => selectedInstruments(this.ctx));
  readonly levels = once(async () => (await this.ctx.services.instruments.levels()) as Level[]);
  readonly geo = once(async (): Promise<GeoData> => geoData(this.ctx, await this.instruments()));
  readonly breaches = once(async (): Promise<TAlert[]> => breachesInPeriod(this.ctx));
  readonly thresholds = once(async (): Promise<Threshold[]> =>
    this.ctx.services.instruments.thresholdsWithLevels(
      this.ctx.actor,
      (await this.instruments()).map((i) => i.instrument_id),
    ),
  );
  /** The instruments with readings in the period. */
  readonly read = once(async (): Promise<ReportInstrument[]> => instrumentsRead(this.ctx, await this.instruments()));

  /** Readings stored in the period, every series of every instrument (the executive summary's count). */
  async readingCount(): Promise<number> {
    let n = 0;
    for (const i of await this.read()) {
      const found = await this.ctx.services.readings.seriesInRange(
        this.ctx.actor,
        i.instrument_id,
        this.ctx.period.from.getTime(),
        this.ctx.period.to.getTime() - 1,
      );
      for (const s of found?.series ?? []) n += s.stats.count;
    }
    return n;
  }

  /** Instruments by type and status and by level at the period's end: the geotechnical summary's tables. */
  async *instrumentSummary(): AsyncGenerator<ReportBlock> {
    const d = await this.geo();
    const groups = byType(d.instruments);
    if (groups.length === 0) yield { kind: 'paragraph', text: 'No instruments in the selection' };
    else yield* typeStatusTables(groups, d);
  }
}
