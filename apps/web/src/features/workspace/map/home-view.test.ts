import { describe, expect, it } from 'vitest';
import { contractsExtent } from './home-view';

describe('the home view of the work-space map (issue 16)', () => {
  it('is the extent of the contracts’ boundaries and instruments together', () => {
    const boundary = {
      contractId: 11,
      no: 'C303',
      polygon: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [30000, 30000],
            [31000, 30000],
            [31000, 30500],
            [30000, 30000],
          ],
        ],
      },
    };
    expect(contractsExtent([boundary], [{ easting: 31200, northing: 29900 }])).toEqual([30000, 29900, 31200, 30500]);
    expect(contractsExtent([], [{ easting: 31200, northing: 29900 }])).toEqual([31200, 29900, 31200, 29900]);
    expect(contractsExtent([], [])).toBeNull();
  });
});
