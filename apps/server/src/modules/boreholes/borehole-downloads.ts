/**
 * The si-borehole downloads (spec §7, issue 18): PDF (header, a drawn log — geology column and SPT N against depth —
 * and the group tables), XLSX (a Header sheet and one sheet per group, numbers as numbers), HTML (one self-contained
 * page) and AGS4 (the stored groups of the borehole's version written back). Values are shown as §5 says: dates
 * DD/MM/YYYY, numbers with the field's decimals (BOREHOLE_FIELDS), empty for null. exceljs and pdfkit are imported
 * when a file is made (their imports are slow; most processes never write one).
 */
import {
  BOREHOLE_CRS_LABELS,
  BOREHOLE_FIELDS,
  BOREHOLE_GROUP_LABELS,
  BOREHOLE_GROUPS,
  BOREHOLE_LOG,
  SOIL_COLORS,
  SOIL_LABELS,
  soilFamily,
  type BoreholeField,
  type SoilFamily,
  type TBorehole,
  type TBoreholeCrs,
  type TBoreholeGroup,
  type TBoreholeRecord,
} from '@strata/shared';
import type PDFDocument from 'pdfkit';
import { escapeHtml } from '../../platform/mail.js';
import { PDF_FONT, PDF_FONT_BOLD, pdfText, useUnicodeFonts } from '../../lib/pdf-fonts.js';
import { ags4Chunks, type AgsGroup } from './ags/index.js';

export interface BoreholeDownloadData {
  header: TBorehole;
  groups: Record<TBoreholeGroup, TBoreholeRecord[]>;
}

// ---- values as shown ----

/** yyyy-mm-dd[…] as DD/MM/YYYY; anything else as it is. */
export function showDate(value: string | null): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

const DATE_FIELDS = new Set(['samp_date']);

/** A record's value as the screens show it: the field's decimals, dates DD/MM/YYYY, empty for null. */
export function showValue(field: BoreholeField, value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.kind === 'number') return typeof value === 'number' ? value.toFixed(field.decimals ?? 2) : String(value);
  return DATE_FIELDS.has(field.name) ? showDate(String(value)) : String(value);
}

const showNumber = (v: number | null, decimals = 2) => (v === null ? '' : v.toFixed(decimals));

/** The header block, as label and value, shared by every format. */
export function headerRows(h: TBorehole): [string, string][] {
  const crs = BOREHOLE_CRS_LABELS[String(h.crs) as TBoreholeCrs] ?? `EPSG:${h.crs}`;
  return [
    ['Contract no', h.contract_no],
    ['Borehole no', h.borehole_no],
    ['Borehole type', h.borehole_type ?? ''],
    ['Easting', showNumber(h.easting)],
    ['Northing', showNumber(h.northing)],
    ['Coordinate system', crs],
    ['Latitude', h.latitude === null ? '' : h.latitude.toFixed(6)],
    ['Longitude', h.longitude === null ? '' : h.longitude.toFixed(6)],
    ['Ground level (m)', showNumber(h.ground_level)],
    ['Final depth (m)', showNumber(h.final_depth)],
    ['End date', showDate(h.end_date)],
    ['Crew', h.crew ?? ''],
    ['Remark', h.remark ?? ''],
    ['Reference', h.reference ?? ''],
    ['Version', `${h.version} of ${h.latest_version}`],
    ['Source file', h.upload_file_name ?? ''],
  ];
}

/** A download's file name: `<contract_no>-<borehole_no>.<ext>` with characters a file system refuses replaced. */
export function downloadName(h: Pick<TBorehole, 'contract_no' | 'borehole_no'>, ext: string): string {
  return `${sanitise(`${h.contract_no}-${h.borehole_no}`)}.${ext}`;
}

export function sanitise(name: string): string {
  // eslint-disable-next-line no-control-regex
  const out = name.replace(/[\x00-\x1f\x7f/\\:*?"<>|]+/g, '_').trim();
  return out.replace(/^\.+/, '_') || 'borehole';
}

const numberOf = (v: number | string | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

// ---- PDF ----

type Doc = InstanceType<typeof PDFDocument>;

export async function boreholePdf(data: BoreholeDownloadData): Promise<Buffer> {
  const { default: PDF } = await import('pdfkit');
  const doc: Doc = new PDF({ size: 'A4', margin: 36, info: { Title: `${data.header.contract_no} / ${data.header.borehole_no}`, Author: 'Strata' } });
  useUnicodeFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const y = drawHeader(doc, data.header);
  drawLog(doc, data, y + 12);
  let tableY: number | null = null;
  for (const g of BOREHOLE_GROUPS) tableY = drawGroupTable(doc, g, data.groups[g], tableY);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function drawHeader(doc: Doc, h: TBorehole): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(16)
    .fillColor('#000000')
    .text(pdfText(`${h.contract_no} / ${h.borehole_no}`), left, doc.page.margins.top);
  doc.font(PDF_FONT).fontSize(9).fillColor('#555555').text('Site investigation borehole', left, doc.y);
  let y = doc.y + 8;
  const rowsOf = headerRows(h);
  const half = Math.ceil(rowsOf.length / 2);
  const colW = width / 2;
  const line = 13;
  doc.fontSize(8.5);
  rowsOf.forEach(([label, value], i) => {
    const col = i < half ? 0 : 1;
    const row = i < half ? i : i - half;
    const x = left + col * colW;
    const ry = y + row * line;
    doc.font(PDF_FONT_BOLD).fillColor('#333333').text(pdfText(label), x, ry, { width: 95, lineBreak: false });
    doc
      .font(PDF_FONT)
      .fillColor('#000000')
      .text(pdfText(value), x + 98, ry, { width: colW - 104, height: line, lineBreak: false, ellipsis: true });
  });
  y += half * line + 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  return y;
}

/** The log: depth axis, geology column filled by family with its description, SPT N points joined, over pages. */
function drawLog(doc: Doc, data: BoreholeDownloadData, startY: number): void {
  const h = data.header;
  const geol = data.groups.geol;
  const spt = data.groups.ispt
    .map((r) => ({ depth: numberOf(r.ispt_top), n: numberOf(r.ispt_nval) }))
    .filter((p): p is { depth: number; n: number } => p.depth !== null && p.n !== null);
  const depthMax = Math.max(1, h.final_depth ?? 0, ...geol.map((r) => numberOf(r.geol_base) ?? numberOf(r.geol_top) ?? 0), ...spt.map((p) => p.depth));
  const nTop = Math.max(50, ...spt.map((p) => p.n));
  const nStep = nTop <= 50 ? 10 : nTop <= 100 ? 20 : 50;
  const nMax = Math.ceil(nTop / nStep) * nStep;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 24;
  const top0 = doc.page.margins.top + 30;
  const full = bottom() - top0;
  let top = startY + 30;
  if (bottom() - top < 200) {
    doc.addPage();
    top = top0;
  }
  // Points per metre: the whole log on this page when it reads well, else 12 pt/m over as many pages as it takes.
  const scale = Math.min(40, Math.max(12, (bottom() - top) / depthMax));
  const axisX = left + 34;
  const geolX = axisX + 6;
  const geolW = 46;
  const descX = geolX + geolW + 6;
  const descW = width * 0.5 - (descX - left);
  const plotX = left + width * 0.55;
  const plotW = width - (plotX - left) - 10;
  const families = new Set<SoilFamily>();
  let d0 = 0;
  let first = true;
  while (d0 < depthMax - 1e-9) {
    if (!first) {
      doc.addPage();
      top = top0;
    }
    const avail = first ? bottom() - top : full;
    first = false;
    const d1 = Math.min(depthMax, d0 + avail / scale);
    const yOf = (d: number) => top + (d - d0) * scale;
    const yEnd = yOf(d1);
    // Titles.
    doc.font(PDF_FONT_BOLD).fontSize(9).fillColor('#000000');
    doc.text('Geology', geolX, top - 26, { width: geolW + descW, lineBreak: false });
    doc.text(BOREHOLE_LOG.labels.spt, plotX, top - 26, { width: plotW, lineBreak: false });
    doc.fontSize(7).text('Depth (m)', left, top - 12, { width: 40, lineBreak: false });
    doc.font(PDF_FONT).fontSize(7);
    for (let n = 0; n <= nMax; n += nStep) doc.text(String(n), plotX + (n / nMax) * plotW - 8, top - 12, { width: 16, align: 'center', lineBreak: false });
    // Depth axis with ticks.
    doc.moveTo(axisX, top).lineTo(axisX, yEnd).lineWidth(0.6).strokeColor('#000000').stroke();
    const step = scale >= 20 ? 1 : scale >= 8 ? 2 : 5;
    for (let d = Math.ceil(d0 / step) * step; d <= d1 + 1e-9; d += step) {
      const ty = yOf(d);
      doc
        .moveTo(axisX - 4, ty)
        .lineTo(axisX, ty)
        .stroke();
      doc.fillColor('#000000').text(d.toFixed(step < 1 ? 1 : 0), left, ty - 4, { width: 28, align: 'right', lineBreak: false });
    }
    // Geology column.
    for (const r of geol) {
      const t = numberOf(r.geol_top);
      const b = numberOf(r.geol_base);
      if (t === null || b === null || b <= d0 || t >= d1) continue;
      const ya = yOf(Math.max(t, d0));
      const yb = yOf(Math.min(b, d1));
      const fam = soilFamily(r);
      families.add(fam);
      doc.rect(geolX, ya, geolW, yb - ya).fillAndStroke(SOIL_COLORS[fam], '#333333');
      if (yb - ya >= 9) {
        const desc = [r.geol_desc, r.geol_geol].find((v) => typeof v === 'string' && v.trim()) as string | undefined;
        doc
          .fillColor('#000000')
          .fontSize(7)
          .text(pdfText(`${showNumber(t)}–${showNumber(b)} m  ${desc ?? ''}`), descX, ya + 1, { width: descW, height: yb - ya - 2, ellipsis: true });
      }
      doc
        .moveTo(descX - 4, ya)
        .lineTo(descX + descW, ya)
        .lineWidth(0.2)
        .strokeColor('#bbbbbb')
        .stroke();
    }
    // SPT plot: frame, grid, points joined.
    doc
      .rect(plotX, top, plotW, yEnd - top)
      .lineWidth(0.6)
      .strokeColor('#000000')
      .stroke();
    for (let n = nStep; n < nMax; n += nStep) {
      const x = plotX + (n / nMax) * plotW;
      doc.moveTo(x, top).lineTo(x, yEnd).lineWidth(0.2).strokeColor('#cccccc').stroke();
    }
    const inWindow = spt.filter((p) => p.depth >= d0 && p.depth <= d1);
    const px = (n: number) => plotX + (Math.min(n, nMax) / nMax) * plotW;
    inWindow.forEach((p, i) => {
      if (i > 0) {
        const q = inWindow[i - 1]!;
        doc.moveTo(px(q.n), yOf(q.depth)).lineTo(px(p.n), yOf(p.depth)).lineWidth(0.8).strokeColor('#1f5fa8').stroke();
      }
    });
    for (const p of inWindow) {
      doc.circle(px(p.n), yOf(p.depth), 2.2).fill('#1f5fa8');
      doc
        .fillColor('#000000')
        .fontSize(6.5)
        .text(String(p.n), px(p.n) + 4, yOf(p.depth) - 4, { width: 24, lineBreak: false });
    }
    d0 = d1;
  }
  // Legend of the families drawn.
  let ly = doc.y + 14;
  const legend = [...families];
  if (legend.length) {
    if (ly + 14 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      ly = doc.page.margins.top;
    }
    let lx = left;
    doc.fontSize(7.5);
    for (const f of legend) {
      const w = doc.widthOfString(SOIL_LABELS[f]) + 22;
      if (lx + w > left + width) {
        lx = left;
        ly += 12;
      }
      doc.rect(lx, ly, 10, 8).fillAndStroke(SOIL_COLORS[f], '#333333');
      doc.fillColor('#000000').text(SOIL_LABELS[f], lx + 13, ly, { lineBreak: false });
      lx += w;
    }
  }
}

/**
 * A group's table on landscape pages, header repeated on each; text cells wrap to at most three lines. Starts below the
 * previous table (`fromY`) when there is room, else on a new page; answers where it ended.
 */
function drawGroupTable(doc: Doc, group: TBoreholeGroup, records: TBoreholeRecord[], fromY: number | null): number {
  const fields = BOREHOLE_FIELDS[group];
  if (fromY === null || fromY + 90 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: 30 });
    fromY = null;
  }
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const weights = fields.map((f) => (f.kind === 'text' ? (/desc|rem/i.test(f.name) ? 5 : 2) : 1));
  const unit = width / weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => w * unit);
  const size = fields.length > 14 ? 6 : 7.5;
  const maxH = size * 1.25 * 3 + 4;
  let y = fromY === null ? doc.page.margins.top : fromY + 18;
  doc.font(PDF_FONT_BOLD).fontSize(12).fillColor('#000000').text(`${BOREHOLE_GROUP_LABELS[group]} (${records.length} records)`, left, y);
  y = doc.y + 4;
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? PDF_FONT_BOLD : PDF_FONT).fontSize(size);
    const h = Math.min(maxH, Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i]! - 4 }))) + 4);
    if (y + h > doc.page.height - doc.page.margins.bottom) {
      doc.addPage({ size: 'A4', layout: 'landscape', margin: 30 });
      y = doc.page.margins.top;
      if (!bold)
        drawRow(
          fields.map((f) => f.name),
          true,
        );
      doc.font(bold ? PDF_FONT_BOLD : PDF_FONT).fontSize(size);
    }
    if (bold) doc.rect(left, y, width, h).fill('#eeeeee');
    let x = left;
    cells.forEach((c, i) => {
      doc.fillColor('#000000').text(c, x + 2, y + 2, { width: widths[i]! - 4, height: h - 3, ellipsis: true });
      x += widths[i]!;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke();
    y += h;
  };
  drawRow(
    fields.map((f) => f.name),
    true,
  );
  if (records.length === 0) {
    doc
      .font(PDF_FONT)
      .fontSize(8)
      .fillColor('#555555')
      .text('No records', left, y + 4);
    return doc.y;
  }
  for (const r of records)
    drawRow(
      fields.map((f) => pdfText(showValue(f, r[f.name]))),
      false,
    );
  return y;
}

// ---- XLSX ----

export async function boreholeXlsx(data: BoreholeDownloadData): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Strata';
  const head = wb.addWorksheet('Header');
  head.columns = [
    { header: 'Field', width: 22 },
    { header: 'Value', width: 50 },
  ];
  head.getRow(1).font = { bold: true };
  for (const [label, value] of headerRows(data.header)) head.addRow([label, value]);
  for (const g of BOREHOLE_GROUPS) {
    const ws = wb.addWorksheet(BOREHOLE_GROUP_LABELS[g], { views: [{ state: 'frozen', ySplit: 1 }] });
    const fields = BOREHOLE_FIELDS[g];
    ws.columns = fields.map((f) => ({
      header: f.name,
      width: f.kind === 'text' && /desc|rem/i.test(f.name) ? 60 : 14,
      ...(f.kind === 'number' ? { style: { numFmt: (f.decimals ?? 2) === 0 ? '0' : `0.${'0'.repeat(f.decimals ?? 2)}` } } : {}),
    }));
    ws.getRow(1).font = { bold: true };
    for (const r of data.groups[g]) {
      ws.addRow(fields.map((f) => (f.kind === 'number' ? numberOf(r[f.name]) : r[f.name] == null ? null : showValue(f, r[f.name]))));
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---- HTML ----

export function boreholeHtml(data: BoreholeDownloadData): string {
  const h = data.header;
  const title = escapeHtml(`${h.contract_no} / ${h.borehole_no}`);
  const header = headerRows(h)
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('\n');
  const groups = BOREHOLE_GROUPS.map((g) => {
    const fields = BOREHOLE_FIELDS[g];
    const records = data.groups[g];
    const head = fields.map((f) => `<th>${escapeHtml(f.name)}</th>`).join('');
    const body = records.length
      ? records
          .map((r) => `<tr>${fields.map((f) => `<td${f.kind === 'number' ? ' class="n"' : ''}>${escapeHtml(showValue(f, r[f.name]))}</td>`).join('')}</tr>`)
          .join('\n')
      : `<tr><td colspan="${fields.length}" class="empty">No records</td></tr>`;
    return `<section><h2>${BOREHOLE_GROUP_LABELS[g]} <small>(${records.length} records)</small></h2>
<div class="scroll"><table class="grid"><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table></div></section>`;
  }).join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans SC",sans-serif;margin:24px;color:#222}
h1{font-size:20px;margin:0 0 4px}h2{font-size:15px;margin:24px 0 6px}h2 small{font-weight:normal;color:#666}
.sub{color:#666;margin:0 0 16px}
table.head th{text-align:left;padding:2px 12px 2px 0;font-weight:600;white-space:nowrap}table.head td{padding:2px 0}
.scroll{overflow-x:auto}table.grid{border-collapse:collapse;font-size:12px}
table.grid th,table.grid td{border:1px solid #ccc;padding:3px 6px;vertical-align:top}
table.grid th{background:#f0f0f0;white-space:nowrap}td.n{text-align:right;white-space:nowrap}td.empty{color:#777;font-style:italic}
@media print{.scroll{overflow:visible}}
</style></head>
<body>
<h1>${title}</h1>
<p class="sub">Site investigation borehole</p>
<table class="head"><tbody>
${header}
</tbody></table>
${groups}
</body></html>
`;
}

// ---- AGS4 ----

/**
 * The borehole's groups as an AGS4 file (UTF-8, CR LF): each group's GROUP, HEADING, UNIT and TYPE rows from the AGS4
 * writer, its stored DATA lines (written by the same writer at load), a blank line.
 */
export function boreholeAgs4(groups: readonly { group: AgsGroup; data: readonly string[] }[]): Buffer {
  const parts: Buffer[] = [];
  for (const { group, data } of groups) {
    const head = [...ags4Chunks({ groups: [{ ...group, rows: [] }] })];
    // The writer ends a group with a blank line: the DATA lines go before it.
    for (const chunk of head.slice(0, -1)) parts.push(Buffer.from(chunk, 'utf8'));
    for (const block of data) parts.push(Buffer.from(block, 'utf8'));
    parts.push(Buffer.from(head[head.length - 1] ?? '\r\n', 'utf8'));
  }
  return Buffer.concat(parts);
}
