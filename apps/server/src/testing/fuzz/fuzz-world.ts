import { createContract, createContractor } from '../fixtures.js';
import type { TestApp } from '../harness.js';
import { createInstrument, createLevels, createType, createZone } from '../master-data.js';

/** A little data for the fuzzer's well-formed requests to find (ids 1 and 2 of contracts, zones, instruments exist). */
export async function createFuzzWorld(t: TestApp): Promise<void> {
  const contractor = await createContractor(t.db);
  const a = await createContract(t.db, { contractorId: contractor.contractorId });
  const b = await createContract(t.db);
  await createLevels(t.db);
  const { type } = await createType(t.db, 'DSPA', ['DSPA', 'DSPB']);
  for (const contract of [a, b]) {
    const zone = await createZone(t.db, contract.contractId, `Zone ${contract.no}`);
    await createInstrument(t.db, { name: `I-${contract.no}`, contractId: contract.contractId, typeId: type.typeId, zoneId: zone.zoneId });
  }
}
