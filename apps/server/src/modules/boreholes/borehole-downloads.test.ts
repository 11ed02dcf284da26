import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOREHOLE_FIELDS, type TBorehole, type TBoreholeRecord } from '@strata/shared';
import { boreholeHtml, boreholePdf, downloadName, sanitise, showDate, showValue, type BoreholeDownloadData } from './borehole-downloads.js';
import { escapeHtml } from '../../platform/mail.js';

const field = (group: keyof typeof BOREHOLE_FIELDS, name: string) => BOREHOLE_FIELDS[group].find((f) => f.name === name)!;

const header: TBorehole = {
  borehole_id: 1,
  contract_id: 1,
  contract_no: 'C/12 <A>',
  borehole_no: 'BH-1',
  borehole_type: 'RC',
  crs: 3414,
  easting: 30000,
  northing: 30000,
  latitude: 1.3,
  longitude: 103.8,
  ground_level: 15.2,
  final_depth: 200,
  end_date: '2026-03-04',
  crew: 'Crew <script>',
  remark: null,
  reference: null,
  version: 1,
  latest_version: 1,
  upload_id: null,
  upload_file_name: null,
  loaded: '2026-03-05T00:00:00.000Z',
  counts: { geol: 0, core: 0, ispt: 0, stcn: 0, samp: 0, rock: 0 },
};

function data(depth: number): BoreholeDownloadData {
  const geol: TBoreholeRecord[] = Array.from({ length: depth / 2 }, (_, i) => ({
    geol_top: i * 2,
    geol_base: i * 2 + 2,
    geol_geol: null,
    geol_geo2: null,
    geol_geo3: null,
    geol_leg: String([101, 102, 201, 301, 401, 501, 601, 805][i % 8]),
    geol_stat: null,
    geol_desc: `Stratum ${i + 1}: 粘土 – firm`,
  }));
  const ispt: TBoreholeRecord[] = Array.from({ length: depth / 1.5 }, (_, i) => ({ ispt_top: 1.5 + i * 1.5, ispt_nval: i % 7 === 0 ? null : 10 + i }));
  return { header: { ...header, final_depth: depth }, groups: { geol, ispt, core: [], stcn: [], samp: [], rock: [] } };
}

describe('borehole downloads', () => {
  it('shows values with the field’s decimals, dates DD/MM/YYYY and null as empty', () => {
    expect(showValue(field('geol', 'geol_top'), 1.5)).toBe('1.50');
    expect(showValue(field('ispt', 'ispt_nval'), 12)).toBe('12');
    expect(showValue(field('samp', 'samp_flow'), 0.12345)).toBe('0.1235');
    expect(showValue(field('samp', 'samp_date'), '2026-03-04')).toBe('04/03/2026');
    expect(showValue(field('geol', 'geol_top'), null)).toBe('');
    expect(showDate('2026-03-04T10:00')).toBe('04/03/2026');
    expect(showDate('not a date')).toBe('not a date');
  });

  it('names files <contract>-<borehole>.<ext> without characters a file system refuses', () => {
    expect(downloadName(header, 'pdf')).toBe('C_12 _A_-BH-1.pdf');
    expect(sanitise('..\\x')).toBe('__x');
    expect(sanitise('')).toBe('borehole');
  });

  it('escapes every text of the HTML page', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = boreholeHtml(data(10));
    expect(html).toContain('C/12 &lt;A&gt; / BH-1');
    expect(html).toContain('Crew &lt;script&gt;');
    expect(html).not.toContain('<script');
    expect(html).toContain('Stratum 1: 粘土 – firm');
  });

  it('draws a long log over several pages, Chinese text included', async () => {
    const pdf = await boreholePdf(data(200));
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const dir = mkdtempSync(join(tmpdir(), 'strata-bhpdf-'));
    try {
      const file = join(dir, 'log.pdf');
      writeFileSync(file, pdf);
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
      // 200 m at 12 pt/m: five log pages or more, then the tables (100 strata, 133 SPT rows).
      expect(pages).toBeGreaterThanOrEqual(8);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Stratum 100: 粘土 – firm');
      expect(text).toContain('Peat');
      expect(text).toContain('200');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
