/**
 * MAP reports (issue 20, decision 039 "Map reports"): `map` — the work-space map as the user sees it (extent, layers,
 * selection) drawn as SVG in SVY21 with the table of the instruments shown — and the location plan of the full
 * monitoring report (`locationPlanBlocks`).
 */
import { DEFAULT_MAP_REPORT_LAYERS, REPORT_LIMITS, reportTypeInfo, type MapReportLayer, type TReportParams } from '@strata/shared';
import { badRequest } from '../../../lib/errors.js';
import type { ReportBlock, ReportColumn, ReportRow } from '../report-document.js';
import { drawMapSvg, mapFrame, MAP_SIZE, type Extent } from '../report-map-svg.js';
import type { ReportContext, ReportServices, ReportTypeDef } from '../report-types.js';
import type { Actor } from '../../../context.js';
import { dateTimeText, levelCell, type ReportInstrument } from './common.js';
import { areaBounds, boundsOf, latestOf, mapData, mapDrawing, type MapData } from './map-data.js';
import { REPORT_OUTPUTS_ALL } from './permissions.js';

const MAP_TITLE = reportTypeInfo('map')?.name ?? 'Map Report';
const NO_INSTRUMENTS = 'No instruments on the map';

/** The instruments' table: what the map shows, with the screens' latest value and level. */
export const MAP_TABLE_COLUMNS: readonly ReportColumn[] = [
  { header: 'Instrument', type: 'text', width: 2 },
  { header: 'Type', type: 'text', width: 1.5 },
  { header: 'Easting', type: 'number', decimals: 3 },
  { header: 'Northing', type: 'number', decimals: 3 },
  { header: 'Reading', type: 'text' },
  { header: 'Latest value', type: 'number', decimals: 2 },
  { header: 'Unit', type: 'text', width: 0.7 },
  { header: 'Level', type: 'text' },
  { header: 'Last reading', type: 'datetime', width: 1.6 },
];

async function tableBlock(ctx: ReportContext, d: MapData, shown: readonly ReportInstrument[]): Promise<ReportBlock> {
  const latest = await latestOf(
    ctx,
    shown.map((i) => i.instrument_id),
  );
  const rows: ReportRow[] = [...shown]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((i) => {
      const r = latest.get(i.instrument_id);
      return [
        i.name,
        i.type_name,
        i.easting,
        i.northing,
        r ? (r.depth !== null ? `${r.code} @ ${r.depth} m` : r.code) : null,
        r ? r.value : null,
        r ? r.unit : null,
        levelCell(d.level.get(i.instrument_id), d.levels),
        r ? r.takenAt : null,
      ];
    });
  return { kind: 'table', columns: MAP_TABLE_COLUMNS, rows, empty: NO_INSTRUMENTS };
}

/** The instruments within the extent the drawing shows (the asked extent widened to the page's shape). */
function within(list: readonly ReportInstrument[], extent: Extent): ReportInstrument[] {
  const [minE, minN, maxE, maxN] = mapFrame(extent).shown;
  return list.filter((i) => i.easting >= minE && i.easting <= maxE && i.northing >= minN && i.northing <= maxN);
}

/**
 * The location plan of a full monitoring report: the map of the contracts' instruments (those of the zones when
 * given) over their bounds with a margin — or the boundaries' when there are no instruments — and their table.
 */
export async function locationPlanBlocks(ctx: ReportContext, opts: { contractIds: number[]; zoneIds: number[] }): Promise<ReportBlock[]> {
  const layers = DEFAULT_MAP_REPORT_LAYERS;
  const d = await mapData(ctx, { contractIds: opts.contractIds, zoneIds: opts.zoneIds, layers });
  const extent = boundsOf(d.instruments) ?? areaBounds(d.boundaries);
  if (!extent) return [{ kind: 'paragraph', text: NO_INSTRUMENTS }];
  const shown = within(d.instruments, extent);
  const svg = drawMapSvg(mapDrawing(d, extent, 'Location Plan', layers, shown));
  return [
    { kind: 'svg', svg, width: MAP_SIZE.width, height: MAP_SIZE.height, caption: `Location plan: ${shown.length} instruments (SVY21)` },
    await tableBlock(ctx, d, shown),
  ];
}

/** A map report needs its view, and its selection must be instruments of the report's contracts (400 otherwise). */
async function validate(actor: Actor, params: TReportParams, services: ReportServices): Promise<void> {
  if (!params.map) throw badRequest({ map: 'Give the map view: its extent, layers and selection' });
  const ids = params.map.instrument_ids;
  if (!ids?.length) return;
  const own = new Set(
    (await services.instruments.forReport(actor, { contractIds: params.contract_ids }, REPORT_LIMITS.maxInstruments)).map((i) => i.instrument_id),
  );
  if (ids.some((id) => !own.has(id))) throw badRequest({ 'map.instrument_ids': 'A selected instrument does not belong to the chosen contracts' });
}

const extentText = (e: readonly number[]) => `E ${Math.round(e[0]!)} – ${Math.round(e[2]!)}, N ${Math.round(e[1]!)} – ${Math.round(e[3]!)} (SVY21)`;
const LAYER_NAMES: Record<MapReportLayer, string> = {
  boundaries: 'Contract boundaries',
  zones: 'Zones',
  excavations: 'Excavations',
  tunnels: 'Mined tunnels',
  instruments: 'Instruments',
  labels: 'Labels',
};

export const map: ReportTypeDef = {
  code: 'map',
  permissions: ['GenerateMapReport'],
  outputs: REPORT_OUTPUTS_ALL,
  validate,
  async build(ctx) {
    const view = ctx.params.map;
    if (!view) throw new Error('map report without its view');
    const layers = [...new Set(view.layers)];
    const d = await mapData(ctx, {
      contractIds: ctx.params.contract_ids,
      zoneIds: ctx.params.zone_ids,
      typeIds: ctx.params.instrument_type_ids,
      instrumentIds: view.instrument_ids,
      layers,
    });
    const shown = within(d.instruments, view.extent);
    const title = view.title || MAP_TITLE;
    const contracts = (await ctx.services.contracts.list(ctx.actor, { limit: 1000, skip: 0 })).records.filter((c) =>
      ctx.params.contract_ids.includes(c.contract_id),
    );
    const svg = drawMapSvg(mapDrawing(d, view.extent, title, layers, shown));
    // A workbook holds the table only (XLSX leaves drawings out: a "Map" sheet would be empty).
    const blocks: ReportBlock[] = [
      ...(ctx.params.output === 'xls'
        ? []
        : [
            { kind: 'heading', text: 'Map', level: 1 } as const,
            { kind: 'svg', svg, width: MAP_SIZE.width, height: MAP_SIZE.height, caption: `${shown.length} instruments shown` } as const,
          ]),
      { kind: 'heading', text: 'Instruments', level: 1 },
      await tableBlock(ctx, d, shown),
    ];
    return {
      title,
      fileStem: `map-${contracts.map((c) => c.no).join('-') || 'none'}`.replace(/[^A-Za-z0-9._-]+/g, '_'),
      facts: [
        [contracts.length > 1 ? 'Contracts' : 'Contract', contracts.map((c) => `${c.no} ${c.title}`).join('; ')],
        ['Extent', extentText(view.extent)],
        ['Layers', layers.map((l) => LAYER_NAMES[l]).join(', ') || 'None'],
        ['Selection', view.instrument_ids?.length ? `${view.instrument_ids.length} selected instruments` : 'All instruments in the extent'],
        ['Time zone', ctx.timezone],
        ['Generated', `${dateTimeText(ctx.now, ctx.timezone)} (${ctx.timezone})`],
        ['Generated by', ctx.actor.fullname],
      ],
      timezone: ctx.timezone,
      sectionCount: ctx.params.output === 'xls' ? 1 : 2,
      blocks,
    };
  },
};
