import { BOREHOLE_FIELDS } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import { formatAgsDate, formatCell, formatMetres, orDash } from './format';

const field = (group: keyof typeof BOREHOLE_FIELDS, name: string) => BOREHOLE_FIELDS[group].find((f) => f.name === name)!;

describe('borehole value formatting', () => {
  it('shows numbers with the field decimals and leaves null and -2147483648 empty', () => {
    expect(formatCell(field('geol', 'geol_top'), 1.5)).toBe('1.50');
    expect(formatCell(field('core', 'core_rqd'), 59.6)).toBe('60');
    expect(formatCell(field('samp', 'samp_flow'), 0.12345)).toBe('0.1235');
    expect(formatCell(field('geol', 'geol_top'), -2147483648)).toBe('');
    expect(formatCell(field('geol', 'geol_top'), null)).toBe('');
    expect(formatCell(field('geol', 'geol_desc'), 'Soft CLAY')).toBe('Soft CLAY');
    expect(formatCell(field('geol', 'geol_desc'), null)).toBe('');
  });

  it('shows "-" for an empty header value', () => {
    expect(orDash(null)).toBe('-');
    expect(orDash('  ')).toBe('-');
    expect(orDash('Team A')).toBe('Team A');
    expect(formatMetres(null)).toBe('-');
    expect(formatMetres(28001.6424)).toBe('28001.642');
  });

  it('shows AGS dates as DD/MM/YYYY', () => {
    expect(formatAgsDate('2026-03-04')).toBe('04/03/2026');
    expect(formatAgsDate('2026-03-04T10:00:00Z')).toBe('04/03/2026');
    expect(formatAgsDate(null)).toBe('-');
  });
});
