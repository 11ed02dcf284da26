import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { describeSchema } from '../testing/describe-schema.js';

describe('migrations', () => {
  it('apply to an empty embedded database and again without change', async () => {
    const db = await openDatabase();
    await db.migrate();
    const first = await describeSchema(db);
    await db.migrate();
    expect(await describeSchema(db)).toEqual(first);
    expect(first.some((l) => l.startsWith('users.login_name'))).toBe(true);
    await db.close();
  });
});
