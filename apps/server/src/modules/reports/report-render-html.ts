/**
 * The HTML renderer (issue 20, decision 039): one self-contained page — inline CSS, charts and maps as inline SVG, no
 * scripts, no external requests — with the title and facts, sections, tables (numbers right-aligned to their
 * decimals, instants in the report's zone), level chips and every text escaped. Written to the sink block by block
 * (a table every few hundred rows), so a long table is never held whole.
 */
import { escapeHtml } from '../../platform/mail.js';
import { plainSvg, renderChartSvg } from './report-charts.js';
import type { RenderReport, ReportBlock, ReportColumn, ReportDocument, ReportRow, ReportSink } from './report-document.js';
import { cellText, columnAlign, EMPTY_TABLE, forEachRow, generatedText, isLevelCell, textOn } from './report-render-common.js';

/** Table rows written to the sink at a time. */
const ROWS_PER_WRITE = 500;
const CHART_SIZE = { width: 900, height: 320 };

const CSS = `
*{box-sizing:border-box}
body{font-family:"Noto Sans SC","Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#212121;margin:0;background:#f5f5f5}
main{max-width:1100px;margin:0 auto;padding:24px;background:#fff}
h1{font-size:24px;margin:0 0 12px}
h2{font-size:19px;margin:32px 0 10px;padding-top:12px;border-top:2px solid #cfd8dc}
h3{font-size:15px;margin:20px 0 8px}
p{font-size:14px;line-height:1.5;white-space:pre-wrap}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;font-size:14px;margin:8px 0 16px}
dl.facts dt{font-weight:bold}
dl.facts dd{margin:0;white-space:pre-wrap}
table{border-collapse:collapse;width:100%;font-size:12px;margin:8px 0 16px}
th,td{border-bottom:1px solid #e0e0e0;padding:3px 6px;vertical-align:top}
th{background:#eceff1;position:sticky;top:0;text-align:left}
tbody tr:nth-child(even){background:#fafafa}
td.r,th.r{text-align:right;font-variant-numeric:tabular-nums}
td.c,th.c{text-align:center}
td.empty{color:#616161;font-style:italic}
.chip{display:inline-block;border-radius:9px;padding:0 8px;font-weight:bold;font-size:11px;line-height:18px}
figure{margin:8px 0 16px}
figure svg{max-width:100%;height:auto;display:block}
figcaption{font-size:12px;color:#424242}
footer{font-size:12px;color:#616161;margin-top:24px}
@media print{body{background:#fff}main{padding:0}h2{break-before:page}figure{break-inside:avoid}}
`;

const ALIGN_CLASS = { left: '', right: ' class="r"', center: ' class="c"' } as const;

/**
 * An SVG made safe to inline: no scripts, event handlers, foreign HTML or external references (the chart's and map's
 * SVG are ours, but the page promises no scripts and no requests whatever a drawing holds).
 */
export function safeSvg(svg: string): string {
  return plainSvg(svg)
    .replace(/<\?xml[^>]*\?>/g, '')
    .replace(/<!DOCTYPE[^>]*>/gi, '')
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<script\b[^>]*\/?>/gi, '')
    .replace(/<foreignObject\b[\s\S]*?<\/foreignObject\s*>/gi, '')
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/\s(?:xlink:)?href\s*=\s*("(?!#)[^"]*"|'(?!#)[^']*')/gi, '');
}

function chip(level: string, color: string): string {
  const safe = /^#[0-9a-f]{3,8}$/i.test(color.trim()) ? color.trim() : '#9e9e9e';
  return `<span class="chip" style="background:${safe};color:${textOn(safe)}">${escapeHtml(level)}</span>`;
}

function facts(rows: readonly (readonly [string, string])[]): string {
  if (!rows.length) return '';
  return `<dl class="facts">${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>\n`;
}

function rowHtml(row: ReportRow, columns: readonly ReportColumn[], timezone: string): string {
  let html = '<tr>';
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]!;
    const cell = row[i] ?? null;
    const content = isLevelCell(cell) ? chip(cell.level, cell.color) : escapeHtml(cellText(cell, column, timezone));
    html += `<td${ALIGN_CLASS[columnAlign(column)]}>${content}</td>`;
  }
  return `${html}</tr>\n`;
}

class HtmlWriter {
  private readonly encoder = new TextEncoder();
  constructor(
    private readonly report: ReportDocument,
    private readonly sink: ReportSink,
  ) {}

  write(html: string): Promise<void> {
    return this.sink.write(this.encoder.encode(html));
  }

  async block(block: ReportBlock): Promise<void> {
    switch (block.kind) {
      case 'heading':
        return this.write(`<h${block.level + 1}>${escapeHtml(block.text)}</h${block.level + 1}>\n`);
      case 'paragraph':
        return this.write(`<p>${escapeHtml(block.text)}</p>\n`);
      case 'facts':
        return this.write(facts(block.rows));
      case 'table':
        return this.table(block.columns, block.rows, block.empty);
      case 'charts':
        for (const chart of block.charts) {
          const svg = await renderChartSvg(chart, this.report.timezone, CHART_SIZE);
          await this.write(`<figure>${safeSvg(svg)}</figure>\n`);
        }
        return;
      case 'svg':
        return this.write(`<figure>${safeSvg(block.svg)}${block.caption ? `<figcaption>${escapeHtml(block.caption)}</figcaption>` : ''}</figure>\n`);
      case 'image': {
        const src = `data:image/${block.format};base64,${Buffer.from(block.data).toString('base64')}`;
        const caption = block.caption ? `<figcaption>${escapeHtml(block.caption)}</figcaption>` : '';
        return this.write(`<figure><img src="${src}" alt="${escapeHtml(block.caption ?? '')}" style="max-width:100%;height:auto">${caption}</figure>\n`);
      }
      case 'pageBreak':
        return;
    }
  }

  private async table(columns: readonly ReportColumn[], rows: Iterable<ReportRow> | AsyncIterable<ReportRow>, empty?: string): Promise<void> {
    const widths = columns.reduce((n, c) => n + (c.width ?? 1), 0) || 1;
    const cols = columns.map((c) => `<col style="width:${(((c.width ?? 1) / widths) * 100).toFixed(2)}%">`).join('');
    const head = columns.map((c) => `<th${ALIGN_CLASS[columnAlign(c)]}>${escapeHtml(c.header)}</th>`).join('');
    let buffer = `<table><colgroup>${cols}</colgroup><thead><tr>${head}</tr></thead><tbody>\n`;
    let count = 0;
    const tz = this.report.timezone;
    await forEachRow(rows, (row) => {
      buffer += rowHtml(row, columns, tz);
      count += 1;
      if (count % ROWS_PER_WRITE !== 0) return undefined;
      const out = buffer;
      buffer = '';
      return this.write(out);
    });
    if (count === 0) buffer += `<tr><td class="empty" colspan="${Math.max(1, columns.length)}">${escapeHtml(empty ?? EMPTY_TABLE)}</td></tr>\n`;
    await this.write(`${buffer}</tbody></table>\n`);
  }
}

export const renderHtml: RenderReport = async (report, sink, onSection) => {
  const writer = new HtmlWriter(report, sink);
  const title = escapeHtml(report.title);
  await writer.write(
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${title}</title><style>${CSS}</style></head>\n<body><main>\n${report.header ? `<header>${escapeHtml(report.header)}</header>\n` : ''}<h1>${title}</h1>\n${facts(report.facts)}`,
  );
  let section = 0;
  for await (const block of report.blocks) {
    if (block.kind === 'heading' && block.level === 1) onSection(++section, block.text);
    await writer.block(block);
  }
  await writer.write(
    `<footer>${report.footer ? `${escapeHtml(report.footer)}<br>` : ''}${title} · Generated ${escapeHtml(generatedText(report.facts, report.timezone))}</footer>\n</main></body></html>\n`,
  );
};
