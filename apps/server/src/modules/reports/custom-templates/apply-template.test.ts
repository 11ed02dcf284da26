/**
 * applyTemplate and the workbook's formulas (decision 041), without a database: sections kept and reordered by key,
 * columns by key, rows remapped one at a time as the renderer reads them (a cursor is never collected), the chart
 * options; a formula under a table range grows with it.
 */
import { describe, expect, it } from 'vitest';
import { ZCustomTemplateBody, type TCustomTemplateInput } from '@strata/shared';
import type { ReportBlock, ReportDocument, ReportRow } from '../report-document.js';
import { renderHtml } from '../report-render-html.js';
import { REPORT_TYPE_DEFS } from '../types/index.js';
import { applyTemplate } from './apply-template.js';
import { meantTable } from './workbook-check.js';
import { letters, shiftFormula } from './workbook-fill.js';

const body = (over: Partial<TCustomTemplateInput>) => ZCustomTemplateBody.parse({ name: 'x', report_type: 'geosum', ...over });

function doc(blocks: ReportBlock[] | AsyncIterable<ReportBlock>): ReportDocument {
  return { title: 'Geotechnical Summary', fileStem: 'geosum', facts: [['Contract', 'T301']], timezone: 'Asia/Singapore', sectionCount: 3, blocks };
}

async function drain(d: ReportDocument): Promise<(ReportBlock | { kind: 'rows'; rows: ReportRow[] })[]> {
  const out: (ReportBlock | { kind: 'rows'; rows: ReportRow[] })[] = [];
  for await (const b of d.blocks) {
    out.push(b);
    if (b.kind === 'table') {
      const rows: ReportRow[] = [];
      for await (const r of b.rows) rows.push(r);
      out.push({ kind: 'rows', rows });
    }
  }
  return out;
}

const headingTexts = (blocks: { kind: string; text?: string }[]) => blocks.flatMap((b) => (b.kind === 'heading' && b.text !== undefined ? [b.text] : []));

describe('applyTemplate', () => {
  const blocks = (): ReportBlock[] => [
    { kind: 'paragraph', text: 'Intro' },
    { kind: 'heading', level: 1, text: 'A', section: 'a' },
    { kind: 'paragraph', text: 'in A' },
    { kind: 'heading', level: 1, text: 'B', section: 'b' },
    {
      kind: 'table',
      columns: [
        { key: 'x', header: 'X (mm)', type: 'number', decimals: 2 },
        { key: 'y', header: 'Y', type: 'text' },
        { header: 'Untagged', type: 'text' },
      ],
      rows: [[1500, 'one', 'u']],
    },
    { kind: 'heading', level: 1, text: 'C', section: 'c' },
    { kind: 'heading', level: 1, text: 'A again', section: 'a' },
  ];

  it('keeps the chosen sections in the template’s order, the blocks before the first heading first', async () => {
    const out = await drain(
      applyTemplate(
        doc(blocks()),
        body({
          sections: [
            { key: 'b', columns: null },
            { key: 'a', columns: null },
          ],
        }),
      ),
    );
    expect(headingTexts(out)).toEqual(['B', 'A', 'A again']);
    expect(out[0]).toEqual({ kind: 'paragraph', text: 'Intro' });
  });

  it('without sections leaves every block in place; chosen columns in their order, untagged ones after', async () => {
    expect(headingTexts(await drain(applyTemplate(doc(blocks()), body({}))))).toEqual(['A', 'B', 'C', 'A again']);
    const out = await drain(applyTemplate(doc(blocks()), body({ sections: [{ key: 'b', columns: ['y', 'x'] }], length_unit: 'm', decimals: 1 })));
    const table = out.find((b): b is Extract<ReportBlock, { kind: 'table' }> => b.kind === 'table')!;
    expect(table.columns.map((c) => [c.header, c.decimals])).toEqual([
      ['Y', undefined],
      ['X (m)', 1],
      ['Untagged', undefined],
    ]);
    expect(out.find((b) => b.kind === 'rows')).toEqual({ kind: 'rows', rows: [['one', 1.5, 'u']] });
  });

  it('remaps a cursor’s rows one at a time as they are read', async () => {
    let produced = 0;
    async function* cursor(): AsyncGenerator<ReportRow> {
      for (let i = 0; i < 1000; i++) {
        produced++;
        yield [i, `row ${i}`];
      }
    }
    const source = doc([
      { kind: 'heading', level: 1, text: 'B', section: 'b' },
      {
        kind: 'table',
        columns: [
          { key: 'x', header: 'X', type: 'number' },
          { key: 'y', header: 'Y', type: 'text' },
        ],
        rows: cursor(),
      },
    ]);
    const laid = applyTemplate(source, body({ sections: [{ key: 'b', columns: ['y'] }] }));
    for await (const b of laid.blocks) {
      if (b.kind !== 'table') continue;
      const it = (b.rows as AsyncIterable<ReportRow>)[Symbol.asyncIterator]();
      expect(produced).toBe(0);
      expect((await it.next()).value).toEqual(['row 0']);
      expect(produced).toBe(1);
    }
  });

  it('sets the charts’ per page and y range, the title, the logo first, header and footer', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const laid = applyTemplate(
      doc([{ kind: 'charts', charts: [{ title: 'SM', yName: 'mm', lines: [{ name: 'SM', points: [[0, 2000]] }] }] }]),
      body({
        title: 'Custom',
        header_text: 'Head',
        footer_text: 'Foot',
        logo: `data:image/png;base64,${png.toString('base64')}`,
        chart: { per_page: 4, y_min: -5, y_max: 5 },
        length_unit: 'm',
      }),
    );
    expect([laid.title, laid.header, laid.footer]).toEqual(['Custom', 'Head', 'Foot']);
    const out = await drain(laid);
    expect(out[0]).toMatchObject({ kind: 'image', format: 'png', width: 1, height: 1 });
    expect(out[1]).toMatchObject({ kind: 'charts', perPage: 4, charts: [{ yMin: -5, yMax: 5, yName: 'm', lines: [{ points: [[0, 2]] }] }] });
  });
});

describe('workbook templates', () => {
  it('a formula under a table range grows with it; references above stay, those below move', () => {
    expect(shiftFormula('SUM(F5:F5)', 5, 12)).toBe('SUM(F5:F17)');
    expect(shiftFormula('$F$2*F7+LOG10(B3)', 5, 3)).toBe('$F$2*F10+LOG10(B3)');
    expect(shiftFormula('IF(A9="F9",F9,0)', 5, 2)).toBe('IF(A11="F9",F11,0)');
    expect(letters(1) + letters(26) + letters(27) + letters(703)).toBe('AZAAAAA');
  });

  it('a named range meant as a table but misspelt is recognised; others are left alone', () => {
    expect(['Readings', 'reading', 'readngs', 'instrument', 'breach'].map(meantTable)).toEqual(['readings', 'readings', 'readings', 'instruments', 'breaches']);
    expect(['Print_Area', 'totals', 'header'].map(meantTable)).toEqual([undefined, undefined, undefined]);
  });
});

describe('header and footer text', () => {
  it('the HTML page prints them', async () => {
    const chunks: Uint8Array[] = [];
    const sink = { written: 0, write: async (c: Uint8Array) => void chunks.push(c) };
    const laid = applyTemplate(doc([{ kind: 'paragraph', text: 'Body' }]), body({ header_text: 'Marina <South>', footer_text: 'Prepared by QP' }));
    await renderHtml(laid, sink, () => undefined);
    const html = Buffer.concat(chunks).toString('utf8');
    expect(html).toContain('<header>Marina &lt;South&gt;</header>');
    expect(html).toMatch(/<footer>Prepared by QP<br>/);
  });
});

describe('the catalogs', () => {
  it('every type but full-monitoring and map has one, with distinct section keys and distinct column keys per section', () => {
    for (const def of Object.values(REPORT_TYPE_DEFS)) {
      if (def.code === 'map') continue;
      expect(def.catalog, def.code).toBeDefined();
      const keys = def.catalog!.sections.map((s) => s.key);
      expect(new Set(keys).size, def.code).toBe(keys.length);
      for (const s of def.catalog!.sections) expect(new Set(s.columns.map((c) => c.key)).size, `${def.code} ${s.key}`).toBe(s.columns.length);
    }
  });
});
