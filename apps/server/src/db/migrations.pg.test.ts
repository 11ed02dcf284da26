import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { createTestDatabase } from '../platform/test-database.js';
import { describeSchema } from '../testing/describe-schema.js';

/** Run when TEST_DATABASE_URL is set (`npm run test:api:pg`). */
describe('migrations on PostgreSQL', () => {
  it('produce the same tables, columns and indexes on PGlite and on PostgreSQL', async () => {
    const lite = await openDatabase();
    await lite.migrate();
    const real = await createTestDatabase();
    try {
      expect(await describeSchema(real.db)).toEqual(await describeSchema(lite));
    } finally {
      await lite.close();
      await real.drop();
    }
  });
});
