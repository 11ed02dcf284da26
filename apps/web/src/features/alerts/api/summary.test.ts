import { describe, expect, it } from 'vitest';
import { openCaseCount } from './summary';

describe('openCaseCount (the Logs of Action Taken tile)', () => {
  it('adds the open cases of the categories the user may read', () => {
    expect(openCaseCount({ open: { breached: 3, scenario: 2, damaged: 0 } })).toBe(5);
    expect(openCaseCount({ open: { breached: 4, scenario: null, damaged: null } })).toBe(4);
  });

  it('is null when the user may read no category, so the tile shows no count', () => {
    expect(openCaseCount({ open: { breached: null, scenario: null, damaged: null } })).toBeNull();
  });
});
