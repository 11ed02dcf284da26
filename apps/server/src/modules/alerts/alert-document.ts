/**
 * One alert as a PDF document (spec §2.6: "Scenario-based alert lists have a download document action"): what the
 * alert is, its values and times, the thresholds of its reading code, the instruments behind a group or scenario
 * alert, and its history. Written in the Unicode fonts of lib/pdf-fonts.ts (Chinese names and "–" as they are).
 */
import { formatDateTime, type TAlertDetail } from '@strata/shared';
import { PDF_FONT, PDF_FONT_BOLD, pdfText, useUnicodeFonts } from '../../lib/pdf-fonts.js';

const KIND_NAMES: Record<string, string> = {
  breached: 'Breached',
  spike: 'Spike',
  rebaseline: 'Rebaseline',
  fluctuated: 'Fluctuated',
  stagnant: 'Stagnant',
  missing: 'Missing readings',
  group: 'Monitoring group',
  scenario: 'Scenario based',
  user: 'User-defined',
  contract: 'Contract',
};

function value(v: number | null, unit: string | null): string {
  if (v === null) return '-';
  return unit ? `${v} ${unit}` : String(v);
}

/** The document's file name: `alert-<id>.pdf`. */
export function alertDocumentName(alertId: number): string {
  return `alert-${alertId}.pdf`;
}

export async function alertDocument(detail: TAlertDetail, o: { appName: string; timezone: string; now: Date }): Promise<Buffer> {
  const { alert } = detail;
  // pdfkit is loaded on first use, so processes and test files that never write a PDF do not pay for its import.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: pdfText(`Alert ${alert.alert_id}`), Author: pdfText(o.appName) } });
  useUnicodeFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const when = (iso: string | null) => (iso ? formatDateTime(iso, o.timezone) : '-');
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  const heading = (text: string) => {
    doc.moveDown(0.8).font(PDF_FONT_BOLD).fontSize(12).fillColor('#000000').text(pdfText(text));
    doc.moveDown(0.2);
  };
  const facts = (rows: [string, string][]) => {
    for (const [label, text] of rows) {
      const y = doc.y;
      doc.font(PDF_FONT_BOLD).fontSize(9).text(pdfText(label), doc.page.margins.left, y, { width: 130 });
      const afterLabel = doc.y;
      doc
        .font(PDF_FONT)
        .fontSize(9)
        .text(pdfText(text), doc.page.margins.left + 135, y, { width: width - 135 });
      doc.y = Math.max(doc.y, afterLabel);
    }
    doc.x = doc.page.margins.left;
  };
  const table = (headers: string[], widths: number[], rows: string[][]) => {
    const draw = (cells: string[], bold: boolean) => {
      if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
      const y = doc.y;
      let x = doc.page.margins.left;
      let bottom = y;
      doc.font(bold ? PDF_FONT_BOLD : PDF_FONT).fontSize(8);
      cells.forEach((cell, i) => {
        doc.text(pdfText(cell), x + 2, y + 2, { width: widths[i]! - 4 });
        bottom = Math.max(bottom, doc.y);
        x += widths[i]!;
      });
      doc
        .moveTo(doc.page.margins.left, bottom + 2)
        .lineTo(doc.page.margins.left + widths.reduce((a, b) => a + b, 0), bottom + 2)
        .lineWidth(0.3)
        .strokeColor('#999999')
        .stroke();
      doc.y = bottom + 4;
    };
    draw(headers, true);
    for (const row of rows) draw(row, false);
    doc.x = doc.page.margins.left;
  };

  doc
    .font(PDF_FONT_BOLD)
    .fontSize(16)
    .text(pdfText(`Alert ${alert.alert_id}: ${KIND_NAMES[alert.kind] ?? alert.kind}${alert.level_code ? ` at ${alert.level_code}` : ''}`));
  doc.font(PDF_FONT).fontSize(10).fillColor('#333333').text(pdfText(alert.message));
  doc
    .fontSize(8)
    .fillColor('#666666')
    .text(pdfText(`${o.appName} - generated ${formatDateTime(o.now, o.timezone)} (${o.timezone})`));
  doc.fillColor('#000000');

  heading('Alert');
  facts([
    ['Kind', KIND_NAMES[alert.kind] ?? alert.kind],
    ['Level', alert.level_code ? `${alert.level_code}${alert.level_name ? ` (${alert.level_name})` : ''}` : '-'],
    ['Status', alert.status === 'open' ? 'Open' : 'Closed'],
    ['Contract', alert.contract_no],
    ...(alert.instrument_name
      ? [
          [
            'Instrument',
            `${alert.instrument_name}${alert.reading_code ? ` ${alert.reading_code}` : ''}${alert.depth !== null ? ` @ ${alert.depth} m` : ''}`,
          ] as [string, string],
        ]
      : []),
    ...(alert.group_name ? [['Monitoring group', alert.group_name] as [string, string]] : []),
    ...(alert.scenario_name ? [['Scenario', alert.scenario_name] as [string, string]] : []),
    ['First value', value(alert.first_value, alert.unit)],
    ['Latest value', value(alert.latest_value, alert.unit)],
    ['Peak value', value(alert.peak_value, alert.unit)],
    ['Triggers', String(alert.trigger_count)],
    ['Opened', when(alert.opened_at)],
    ['Last triggered', when(alert.last_triggered_at)],
    ['Reading time', when(alert.reading_at)],
    ...(alert.status === 'closed'
      ? ([
          ['Closed', when(alert.closed_at)],
          ['Closed by', alert.closed_by ?? '-'],
          ['Reason', alert.close_reason ?? '-'],
        ] as [string, string][])
      : []),
  ]);

  if (detail.instrument) {
    const i = detail.instrument;
    heading('Instrument');
    facts([
      ['Name', i.name],
      ['Type', `${i.type_name} (${i.type_code})`],
      ['Zone', i.zone_name ?? '-'],
      ['Status', i.status],
      ['Position (SVY21)', `E ${i.easting.toFixed(3)}, N ${i.northing.toFixed(3)}`],
      ['Position (WGS84)', `${i.latitude.toFixed(6)}, ${i.longitude.toFixed(6)}`],
    ]);
  }

  if (detail.thresholds.length > 0) {
    heading('Thresholds');
    table(
      ['Reading', 'Level', 'Lower', 'Upper'],
      [120, 160, 110, 110],
      detail.thresholds.map((t) => [
        t.reading_code,
        `${t.level_code} (${t.level_name})`,
        t.lower === null ? '-' : String(t.lower),
        t.upper === null ? '-' : String(t.upper),
      ]),
    );
  }

  if (detail.members.length > 0) {
    heading('Instruments behind the alert');
    table(
      ['Instrument', 'Level'],
      [250, 120],
      detail.members.map((m) => [m.name, m.level_code ?? '-']),
    );
  }

  heading('History');
  table(
    ['When', 'Event', 'Level', 'Value', 'Reading time', 'Triggers', 'By', 'Note'],
    [78, 52, 38, 52, 78, 40, 70, width - 408],
    detail.events.map((e) => [
      when(e.at),
      e.type,
      e.level_code ?? '-',
      value(e.value, alert.unit),
      when(e.reading_at),
      e.triggers === null ? '' : String(e.triggers),
      e.by_name ?? 'Alert engine',
      e.note ?? '',
    ]),
  );

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
