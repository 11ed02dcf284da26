/** The example files of the readings upload (`GET /uploads/template`): long (one reading a row) and wide (one column a reading code). */
import { writeSheet, type SheetFormat } from '../../lib/sheet-file.js';

const EXAMPLE_TIME = '2026-03-02 08:00:00';

export function readingsTemplate(format: SheetFormat, layout: 'long' | 'wide'): Promise<Buffer> {
  if (layout === 'long') {
    return writeSheet(
      format,
      'Readings',
      ['instrument', 'date_time', 'reading_code', 'value', 'depth', 'contract'],
      [
        ['SM-T301-0001', EXAMPLE_TIME, 'DSPA', -1.25, null, null],
        ['SM-T301-0001', '2026-03-03T08:00:00+08:00', 'DSPA', -1.31, null, null],
        ['INC-T301-0001', EXAMPLE_TIME, 'A', 3.2, 5, null],
      ],
    );
  }
  return writeSheet(
    format,
    'Readings',
    ['instrument', 'date_time', 'depth', 'contract', 'DSPA', 'A', 'B'],
    [
      ['SM-T301-0001', EXAMPLE_TIME, null, null, -1.25, null, null],
      ['INC-T301-0001', EXAMPLE_TIME, 5, null, null, 3.2, -0.8],
    ],
  );
}
