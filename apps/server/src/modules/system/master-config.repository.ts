import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { alertLevels, instrumentCategories, instrumentTypes, mapLayers, readingCodes } from '../../db/schema/index.js';

/** The deployment-wide master data the configuration carries: types, reading codes, alert levels, map layers. */
export async function readMasterConfig(db: Executor) {
  const [types, codes, levels, layers] = await Promise.all([
    db
      .select({ type: instrumentTypes, category: instrumentCategories.name })
      .from(instrumentTypes)
      .leftJoin(instrumentCategories, eq(instrumentCategories.categoryId, instrumentTypes.categoryId))
      .orderBy(asc(instrumentTypes.code)),
    db
      .select({ code: readingCodes, typeCode: instrumentTypes.code })
      .from(readingCodes)
      .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, readingCodes.typeId))
      .orderBy(asc(instrumentTypes.code), asc(readingCodes.sortOrder), asc(readingCodes.code)),
    db.select().from(alertLevels).orderBy(asc(alertLevels.sortOrder), asc(alertLevels.severity), asc(alertLevels.code)),
    db.select().from(mapLayers).orderBy(asc(mapLayers.sortOrder), asc(mapLayers.layerId)),
  ]);
  return { types, codes, levels, layers };
}
