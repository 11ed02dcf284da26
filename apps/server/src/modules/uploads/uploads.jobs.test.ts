/** The upload pipeline through real pg-boss jobs (PGlite under `npm test`, PostgreSQL with TEST_DATABASE_URL). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE, type TUpload, type TUploadCreated } from '@strata/shared';
import { buildApp, type App } from '../../app.js';
import { testConfig } from '../../config.js';
import { createTestDatabase, type TestDatabase } from '../../platform/test-database.js';
import { createContract, createRole, createUser } from '../../testing/fixtures.js';
import { as, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { createInstrument, createType, multipart, tempDataDir } from '../../testing/master-data.js';
import { waitFor } from '../../testing/wait.js';

describe('uploads with job workers', () => {
  let tdb: TestDatabase;
  let built: App;
  let s: Session;
  const t = () => ({ app: built.app }) as TestApp;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    built = await buildApp({ config: testConfig({ dataDir: tempDataDir('upload-jobs') }), db: tdb.db, workers: true });
    await built.app.ready();
    const contract = await createContract(tdb.db);
    const sm = await createType(tdb.db, 'SM', ['DSPA']);
    for (let i = 1; i <= 20; i++) await createInstrument(tdb.db, { name: `SM-${i}`, contractId: contract.contractId, typeId: sm.type.typeId });
    const role = await createRole(tdb.db, ['UploadInstrumentationFiles', 'ApproveUpload', 'ViewInstrumentData']);
    await createUser(tdb.db, { loginName: 'jobs-user', userType: USER_TYPE.Authority, roleId: role.roleId, contractIds: [contract.contractId] });
    s = await signIn(t(), 'jobs-user');
  });
  afterAll(async () => {
    await built?.app.close();
    await tdb?.drop();
  });

  const upload = async (id: number) => (await as(t(), s, { method: 'GET', url: `/api/v1/uploads/${id}` })).json<TUpload>();

  it('validates on its own after the upload, and loads on its own after approval', async () => {
    const lines = ['instrument,date_time,reading_code,value'];
    for (let d = 0; d < 50; d++)
      for (let i = 1; i <= 20; i++)
        lines.push(`SM-${i},2026-02-${String(1 + (d % 28)).padStart(2, '0')}T${String(Math.floor(d / 28) * 12).padStart(2, '0')}:00:00Z,DSPA,${(i * d) / 100}`);
    const res = await as(t(), s, { method: 'POST', url: '/api/v1/uploads/instrument', ...multipart('jobs.csv', `${lines.join('\n')}\n`) });
    expect(res.statusCode, res.body).toBe(202);
    const { upload_id: id } = res.json<TUploadCreated>();
    await waitFor(async () => ['validated', 'invalid', 'failed'].includes((await upload(id)).status), 30_000, 100);
    expect(await upload(id)).toMatchObject({ status: 'validated', rows_valid: 1000 });
    expect((await as(t(), s, { method: 'POST', url: `/api/v1/uploads/${id}/approve` })).statusCode).toBe(200);
    await waitFor(async () => ['done', 'failed'].includes((await upload(id)).status), 30_000, 100);
    expect(await upload(id)).toMatchObject({ status: 'done', rows_loaded: 1000 });
    const n = await tdb.db.query<{ n: number }>('select count(*)::int n from readings where upload_id = $1', [id]);
    expect(n.rows[0]!.n).toBe(1000);
  });
});
