import { describe, expect, it } from 'vitest';
import { ZStructureOutline } from '@strata/shared';
import { eq } from 'drizzle-orm';
import { contracts, instruments, sites, structureInstruments, structures, users } from '../db/schema/index.js';
import { createTestDatabase } from '../platform/test-database.js';
import { geometryDistance, type Geometry } from '../modules/structures/geometry-distance.js';
import { seedMasterData } from './demo-master-data.js';
import { seedDemoStructures } from './demo-structures.js';

describe('the demo critical interfaces and mining works', () => {
  it('seeds an MRT tunnel and a building as critical interfaces and one mining-works record, each near the works with instruments of its own contract', async () => {
    const tdb = await createTestDatabase();
    try {
      const [admin] = await tdb.db.orm
        .insert(users)
        .values({ loginName: 'seed', fullname: 'Seed', email: 'seed@example.com', userType: 2, status: 'active' })
        .returning();
      const created = await tdb.db.orm
        .insert(contracts)
        .values([
          { no: 'T301', title: 'a', easting: 30350.5, northing: 28620.2 },
          { no: 'T302', title: 'b', easting: 32810.0, northing: 30105.7 },
          { no: 'C303', title: 'c', easting: 35240.8, northing: 31460.3 },
        ])
        .returning();
      const result = await tdb.db.orm.transaction(async (tx) => {
        const { stretches } = await seedMasterData(tx, { contracts: created, adminId: admin!.userId });
        return seedDemoStructures(tx, stretches);
      });
      expect(result).toEqual({ structures: 3, links: 22 });

      const rows = await tdb.db.orm.select().from(structures).orderBy(structures.structureId);
      expect(rows.map((r) => [r.kind, r.structureType])).toEqual([
        ['critical-interface', 'mrt-tunnel'],
        ['critical-interface', 'building'],
        ['mining-works', 'mrt-tunnel'],
      ]);
      const links = await tdb.db.orm
        .select({
          structureId: structureInstruments.structureId,
          contractId: instruments.contractId,
          easting: instruments.easting,
          northing: instruments.northing,
        })
        .from(structureInstruments)
        .innerJoin(instruments, eq(instruments.instrumentId, structureInstruments.instrumentId));
      const siteRows = await tdb.db.orm.select().from(sites);
      for (const s of rows) {
        // A valid outline as the API would take it.
        expect(ZStructureOutline.safeParse(s.outline).success, s.name).toBe(true);
        const own = links.filter((l) => l.structureId === s.structureId);
        expect(own.length, s.name).toBeGreaterThanOrEqual(6);
        // Instruments of the structure's contract only, and close to it.
        for (const l of own) {
          expect(l.contractId).toBe(s.contractId);
          expect(geometryDistance(s.outline as Geometry, { type: 'Point', coordinates: [l.easting, l.northing] })).toBeLessThan(300);
        }
        expect((s.contacts as unknown[]).length).toBeGreaterThan(0);
      }
      // The building lies within its zone of influence of the Bayshore station box; the mined section over the adit.
      const near = (name: string, site: string) => {
        const s = rows.find((r) => r.name === name)!;
        const g = siteRows.find((r) => r.siteName === site)!.geometry as Geometry;
        return geometryDistance(s.outline as Geometry, g) <= s.influenceDistance;
      };
      expect(near('Bayshore Residences Block 12', 'Bayshore Station Box')).toBe(true);
      expect(near('Gardens Adit Mined Section', 'Gardens NATM Adit')).toBe(true);
    } finally {
      await tdb.drop();
    }
  });
});
