import { describe, expect, it } from 'vitest';
import { checkAgsBuffer, readAgsBuffer, writeAgs4 } from '../modules/boreholes/ags/index.js';
import { demoAgsText } from './demo-ags.js';

describe('the demo site-investigation files', () => {
  const contract = { no: 'T301', from: [28950, 27980] as [number, number], to: [31580, 29362] as [number, number], count: 10, rock: true };

  it('pass the AGS4 checker without errors or warnings', () => {
    const { report } = checkAgsBuffer(demoAgsText(contract, 7));
    expect(report.version).toBe('AGS4');
    expect(report.counts).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('are the same on every start (seeded) and read back to the same groups', () => {
    const text = demoAgsText(contract, 7);
    expect(demoAgsText(contract, 7)).toBe(text);
    const file = readAgsBuffer(text);
    expect(file.groups.map((g) => g.name)).toEqual(['PROJ', 'TRAN', 'ABBR', 'TYPE', 'UNIT', 'LOCA', 'HDPH', 'GEOL', 'ISPT', 'CORE', 'SAMP', 'SCPG', 'SCPT']);
    expect(writeAgs4(file)).toBe(text);
  });

  it('hold ten boreholes along the stretch with fill at the top, cored rock at the bottom when the contract has rock, and cone soundings', () => {
    const file = readAgsBuffer(demoAgsText(contract, 7));
    const rows = (name: string) => file.groups.find((g) => g.name === name)?.rows.map((r) => r.values) ?? [];
    expect(rows('LOCA')).toHaveLength(10);
    const geol = rows('GEOL');
    const firstOfEach = new Map<string, string[]>();
    for (const g of geol) if (!firstOfEach.has(g[0]!)) firstOfEach.set(g[0]!, g);
    for (const g of firstOfEach.values()) expect(g[5]).toBe('FILL');
    expect(rows('CORE').length).toBeGreaterThan(0);
    expect(new Set(rows('SCPT').map((r) => r[0])).size).toBe(2);
  });
});
