import type { TCustomTemplateBody } from '@strata/shared';
import { readLogo } from '../full-monitoring/logo.js';
import type { ReportBlock, ReportChart, ReportColumn, ReportDocument, ReportRow } from '../report-document.js';
import { translate } from './template-i18n.js';

/** A template as the engine applies it: the body's layout fields. */
export type AppliedTemplate = Pick<
  TCustomTemplateBody,
  'title' | 'logo' | 'header_text' | 'footer_text' | 'sections' | 'chart' | 'decimals' | 'length_unit' | 'language'
>;

type Rows = Iterable<ReportRow> | AsyncIterable<ReportRow>;
type TableBlock = Extract<ReportBlock, { kind: 'table' }>;

const MM = /\(mm\)$/;
const isAsync = (rows: Rows): rows is AsyncIterable<ReportRow> => Symbol.asyncIterator in rows;

/** The rows through `fn`, one at a time, staying sync or async as they were (a cursor is never collected). */
export function mapRows(rows: Rows, fn: (row: ReportRow) => ReportRow): Rows {
  if (isAsync(rows)) {
    return (async function* () {
      for await (const r of rows) yield fn(r);
    })();
  }
  return (function* () {
    for (const r of rows) yield fn(r);
  })();
}

const metres = (v: ReportRow[number]) => (typeof v === 'number' ? v / 1000 : v);

/**
 * A table as the template wants it: its columns kept and ordered by their keys (`keep`: the section's column keys,
 * null = all; untagged columns stay, after the chosen ones), numbers to the template's decimals, lengths in mm shown in
 * m (a header ending "(mm)", or a column in the row's unit when that unit is mm), headers in the template's language.
 * Null when no column is left.
 */
export function applyToTable(block: TableBlock, t: AppliedTemplate, keep: readonly string[] | null): TableBlock | null {
  const all = block.columns.map((c, i) => ({ c, i }));
  const order = keep ? [...keep.flatMap((k) => all.filter((x) => x.c.key === k)), ...all.filter((x) => x.c.key === undefined)] : all;
  if (order.length === 0) return null;
  const inM = t.length_unit === 'm';
  const unitAt = block.columns.findIndex((c) => c.key === 'unit');
  const headerMm = new Set(inM ? all.filter((x) => MM.test(x.c.header)).map((x) => x.i) : []);
  const inUnit = new Set(inM && unitAt >= 0 ? all.filter((x) => x.c.inUnit).map((x) => x.i) : []);
  const columns = order.map(({ c }): ReportColumn => {
    const header = headerMm.has(block.columns.indexOf(c)) ? c.header.replace(MM, '(m)') : c.header;
    return {
      ...c,
      header: translate(header, t.language),
      ...(c.type === 'number' && t.decimals !== null ? { decimals: t.decimals } : {}),
      ...(c.type === 'number' && inM && (headerMm.has(block.columns.indexOf(c)) || inUnit.has(block.columns.indexOf(c))) && t.decimals === null
        ? { decimals: (c.decimals ?? 2) + 3 }
        : {}),
    };
  });
  const unchanged = order.length === all.length && order.every((x, i) => x.i === i) && headerMm.size === 0 && inUnit.size === 0;
  const rows = unchanged
    ? block.rows
    : mapRows(block.rows, (row) => {
        const mm = unitAt >= 0 && row[unitAt] === 'mm';
        return order.map(({ i }): ReportRow[number] => {
          const v = row[i] ?? null;
          if (headerMm.has(i) || (mm && inUnit.has(i))) return metres(v);
          if (mm && i === unitAt) return 'm';
          return v;
        });
      });
  return { ...block, columns, rows };
}

/** A chart with the template's y range and, for `m`, its values in metres when its axis is in mm. */
export function applyToChart(chart: ReportChart, t: AppliedTemplate): ReportChart {
  const toM = t.length_unit === 'm' && chart.yName === 'mm';
  const v = (x: number) => (toM ? x / 1000 : x);
  return {
    ...chart,
    ...(t.chart.y_min !== null ? { yMin: t.chart.y_min } : {}),
    ...(t.chart.y_max !== null ? { yMax: t.chart.y_max } : {}),
    ...(toM
      ? {
          yName: 'm',
          precision: (chart.precision ?? 2) + 3,
          lines: chart.lines.map((l) => ({ ...l, points: l.points.map(([x, y]) => [x, v(y)] as const) })),
          thresholds: chart.thresholds?.map((th) => ({ ...th, value: v(th.value) })),
          predictions: chart.predictions?.map((p) => ({ ...p, value: v(p.value) })),
        }
      : {}),
  };
}

/** One block as the template wants it (null: left out). */
function applyToBlock(block: ReportBlock, t: AppliedTemplate, keep: readonly string[] | null): ReportBlock | null {
  switch (block.kind) {
    case 'heading':
      return { ...block, text: translate(block.text, t.language) };
    case 'paragraph':
      return { ...block, text: translate(block.text, t.language) };
    case 'facts':
      return { ...block, rows: block.rows.map(([k, v]) => [translate(k, t.language), v] as const) };
    case 'table':
      return applyToTable(block, t, keep);
    case 'charts':
      return { ...block, perPage: t.chart.per_page, charts: block.charts.map((c) => applyToChart(c, t)) };
    default:
      return block;
  }
}

/**
 * The blocks in the template's sections: the blocks before the first level-1 heading first, then the sections (a
 * level-1 heading and the blocks up to the next) whose `section` key the template chose, in the template's order. The
 * first chosen key's sections stream through; the others' blocks (not their rows, which stay lazy) wait for their turn.
 */
async function* sectioned(blocks: ReportDocument['blocks'], t: AppliedTemplate): AsyncGenerator<ReportBlock> {
  const chosen = new Map(t.sections.map((s) => [s.key, s.columns]));
  const order = t.sections.map((s) => s.key);
  const waiting = new Map<string, ReportBlock[]>();
  let current: string | undefined | null = null; // null: before the first heading
  const out = (b: ReportBlock, key: string | undefined | null) => applyToBlock(b, t, key ? (chosen.get(key) ?? null) : null);
  for await (const block of blocks) {
    if (block.kind === 'heading' && block.level === 1) current = block.section;
    if (current === null || chosen.size === 0) {
      const b = out(block, current);
      if (b) yield b;
    } else if (current !== undefined && chosen.has(current)) {
      if (current === order[0]) {
        const b = out(block, current);
        if (b) yield b;
      } else waiting.set(current, [...(waiting.get(current) ?? []), block]);
    }
  }
  for (const key of order.slice(1)) {
    for (const block of waiting.get(key) ?? []) {
      const b = out(block, key);
      if (b) yield b;
    }
  }
}

/**
 * The document as a custom template lays it out (decision 041): its title, the logo first, the header and footer text,
 * the chosen sections and columns in their order, the chart options, decimals, the length unit and the language.
 */
export function applyTemplate(doc: ReportDocument, t: AppliedTemplate): ReportDocument {
  const logo = t.logo ? readLogo(t.logo) : null;
  const blocks = sectioned(doc.blocks, t);
  return {
    ...doc,
    title: t.title || translate(doc.title, t.language),
    ...(t.header_text ? { header: t.header_text } : {}),
    ...(t.footer_text ? { footer: t.footer_text } : {}),
    facts: doc.facts.map(([k, v]) => [translate(k, t.language), v] as const),
    blocks: logo
      ? (async function* () {
          yield { kind: 'image', data: logo.data, format: logo.format, width: logo.width, height: logo.height, maxHeight: 60 } as ReportBlock;
          yield* blocks;
        })()
      : blocks,
  };
}
