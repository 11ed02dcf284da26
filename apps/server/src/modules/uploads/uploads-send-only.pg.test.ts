/**
 * An API instance that leaves its jobs to a worker (WORKERS=off on PostgreSQL: `sendJobs`) still queues them, so the
 * worker validates an upload at once. Without that the upload waited as received for the worker's per-minute sweep
 * (30 to 90 s, found by the topology script). The API and the worker are two apps on their own connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE, type TUpload, type TUploadCreated } from '@strata/shared';
import { buildApp, type App } from '../../app.js';
import { testConfig } from '../../config.js';
import { createTestDatabase, type TestDatabase } from '../../platform/test-database.js';
import { createContract, createRole, createUser } from '../../testing/fixtures.js';
import { as, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { createInstrument, createType, multipart, tempDataDir } from '../../testing/master-data.js';
import { waitFor } from '../../testing/wait.js';
import { INGEST_QUEUE } from './uploads.service.js';

describe('an API without job workers beside a worker process', () => {
  let tdb: TestDatabase;
  let api: App;
  let worker: App;
  let s: Session;
  const t = () => ({ app: api.app }) as TestApp;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    const config = testConfig({ dataDir: tempDataDir('send-only') });
    api = await buildApp({ config, db: tdb.db, workers: false, sendJobs: true });
    worker = await buildApp({ config, db: await tdb.open(), workers: true });
    await Promise.all([api.app.ready(), worker.app.ready()]);
    const contract = await createContract(tdb.db);
    const sm = await createType(tdb.db, 'SM', ['DSPA']);
    await createInstrument(tdb.db, { name: 'SM-1', contractId: contract.contractId, typeId: sm.type.typeId });
    const role = await createRole(tdb.db, ['UploadInstrumentationFiles', 'ViewInstrumentData']);
    await createUser(tdb.db, { loginName: 'send-only', userType: USER_TYPE.Authority, roleId: role.roleId, contractIds: [contract.contractId] });
    s = await signIn(t(), 'send-only');
  });
  afterAll(async () => {
    await api?.app.close();
    await worker?.app.close();
    await tdb?.drop();
  });

  it('queues the validation job, and the worker takes it without waiting for its sweep', async () => {
    const csv = 'instrument,date_time,reading_code,value\nSM-1,2026-02-01T00:00:00Z,DSPA,1.5\nSM-1,2026-02-01T06:00:00Z,DSPA,1.7\n';
    const res = await as(t(), s, { method: 'POST', url: '/api/v1/uploads/instrument', ...multipart('send-only.csv', csv) });
    expect(res.statusCode, res.body).toBe(202);
    const { upload_id: id } = res.json<TUploadCreated>();
    const upload = async () => (await as(t(), s, { method: 'GET', url: `/api/v1/uploads/${id}` })).json<TUpload>();
    // Well within the minute the sweep would take; the job row below tells which path ran.
    await waitFor(async () => (await upload()).status !== 'received' && (await upload()).status !== 'validating', 20_000, 100);
    expect(await upload()).toMatchObject({ status: 'validated', rows_valid: 2 });
    const job = await tdb.db.query<{ state: string }>(`select state from pgboss.job where name = $1 and (data->>'id')::int = $2`, [INGEST_QUEUE, id]);
    expect(job.rows).toEqual([{ state: 'completed' }]);
  });
});
