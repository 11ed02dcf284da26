import { describe, expect, it } from 'vitest';
import { moved, picksOf, sectionsOf } from './sections';
import { readingCatalog } from './test-data';

describe('template sections in the editor', () => {
  it('an empty list is every section with all its columns, in the catalog’s order', () => {
    const picks = picksOf(readingCatalog, []);
    expect(picks.map((s) => [s.key, s.included])).toEqual([
      ['summary', true],
      ['readings', true],
    ]);
    expect(sectionsOf(picks)).toEqual([
      { key: 'summary', columns: ['instrument', 'latest', 'change'] },
      { key: 'readings', columns: ['time', 'value'] },
    ]);
  });

  it('a saved template comes back as saved: its sections and columns first in its order, the rest unticked after', () => {
    const saved = [{ key: 'readings', columns: ['value'] }];
    const picks = picksOf(readingCatalog, saved);
    expect(picks.map((s) => [s.key, s.included])).toEqual([
      ['readings', true],
      ['summary', false],
    ]);
    expect(picks[0]!.children.map((c) => [c.key, c.included])).toEqual([
      ['value', true],
      ['time', false],
    ]);
    expect(sectionsOf(picks)).toEqual(saved);
  });

  it('a section whose columns are null has all of them; keys the catalog no longer has are dropped', () => {
    const picks = picksOf(readingCatalog, [
      { key: 'gone', columns: null },
      { key: 'summary', columns: null },
    ]);
    expect(sectionsOf(picks)).toEqual([{ key: 'summary', columns: ['instrument', 'latest', 'change'] }]);
  });

  it('moves an item one place and leaves the ends alone', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
