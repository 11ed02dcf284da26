/** COPY from text built as it goes (`copyIn` with `copyChunks`), on the engine the suite runs on (PGlite or PostgreSQL). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../platform/test-database.js';
import { copyChunks, copyIn } from './client.js';

describe('copyIn with chunks built as they are read', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.exec('CREATE TABLE copy_probe (n integer PRIMARY KEY, label text NOT NULL)');
  });
  afterAll(() => t.drop());

  beforeEach(() => t.db.exec('DELETE FROM copy_probe'));

  function* lines(count: number, failAt = -1): Generator<string> {
    for (let n = 0; n < count; n++) {
      if (n === failAt) throw new Error(`source failed at row ${n}`);
      yield `${n}\tsöl ${'x'.repeat(n % 50)} 土 ${n}\n`;
    }
  }

  it('copies every row of many chunks, multi-byte characters intact', async () => {
    const pieces = [...copyChunks(lines(20_000), 4096)];
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.join('')).toBe([...lines(20_000)].join(''));
    const copied = await t.db.orm.transaction((tx) => copyIn(tx, 'copy_probe (n, label)', copyChunks(lines(20_000), 4096)));
    expect(copied).toBe(20_000);
    const r = await t.db.query<{ n: number; label: string }>('SELECT count(*)::int AS n, max(label) FILTER (WHERE n = 19999) AS label FROM copy_probe');
    expect(r.rows[0]).toEqual({ n: 20_000, label: `söl ${'x'.repeat(19_999 % 50)} 土 19999` });
  });

  it('leaves nothing when the source fails half-way through the copy', async () => {
    await expect(t.db.orm.transaction((tx) => copyIn(tx, 'copy_probe (n, label)', copyChunks(lines(20_000, 15_000), 4096)))).rejects.toThrow(
      'source failed at row 15000',
    );
    const r = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM copy_probe');
    expect(r.rows[0]!.n).toBe(0);
    // The connection is usable afterwards.
    expect(await t.db.orm.transaction((tx) => copyIn(tx, 'copy_probe (n, label)', copyChunks(lines(3))))).toBe(3);
  });
});
