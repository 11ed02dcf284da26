import { describe, expect, it } from 'vitest';
import type { ReportDocument, ReportSink } from './report-document.js';
import { csvField, renderCsv } from './report-render-csv.js';

async function render(doc: ReportDocument): Promise<string> {
  const chunks: Uint8Array[] = [];
  let written = 0;
  const sink: ReportSink = {
    async write(c) {
      chunks.push(c);
      written += c.byteLength;
    },
    get written() {
      return written;
    },
  };
  const sections: string[] = [];
  await renderCsv(doc, sink, (_, label) => sections.push(label));
  return Buffer.concat(chunks).toString('utf8');
}

describe('the csv renderer', () => {
  it('quotes fields as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('writes each table under its section heading, times in the report zone, numbers to their decimals, levels as text', async () => {
    const text = await render({
      title: 'Readings',
      fileStem: 'r',
      facts: [['Contract', 'C1']],
      timezone: 'Asia/Singapore',
      sectionCount: 2,
      blocks: (async function* () {
        yield { kind: 'heading', text: 'Summary', level: 1 } as const;
        yield { kind: 'paragraph', text: 'left out' } as const;
        yield {
          kind: 'table',
          columns: [
            { header: 'Instrument', type: 'text' },
            { header: 'Time', type: 'datetime' },
            { header: 'Day', type: 'date' },
            { header: 'Value', type: 'number', decimals: 2 },
            { header: 'Level', type: 'text' },
          ],
          rows: [
            ['GW-1, north', new Date('2026-03-01T16:30:05Z'), new Date('2026-03-01T16:30:05Z'), 1.5, { level: 'AL', color: '#ffa000' }],
            ['GW-"2"', null, null, null, null],
          ],
        } as const;
        yield { kind: 'heading', text: 'Settlement', level: 1 } as const;
        yield { kind: 'table', columns: [{ header: 'Point', type: 'text' }], rows: [] } as const;
      })(),
    });
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1)).toBe(
      [
        'Summary',
        'Instrument,Time,Day,Value,Level',
        '"GW-1, north",2026-03-02 00:30:05,2026-03-02,1.50,AL',
        '"GW-""2""",,,,',
        '',
        'Settlement',
        'Point',
        '',
      ].join('\r\n'),
    );
  });
});
