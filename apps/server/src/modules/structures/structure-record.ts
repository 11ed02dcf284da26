/**
 * Critical interfaces and mining works as records that comments and files hang on (categories `critical-interface`
 * and `mining-works`, ref_id = the structure id), scoped by the structure's contract. Registered by app.ts.
 */
import { STRUCTURE_KINDS, STRUCTURE_PERMISSIONS, type TStructureKind } from '@strata/shared';
import type { RecordResolver } from '../records/record-refs.js';
import { findStructureRecord, structureIdsOf } from './structures.repository.js';

/** The web path of a structure's page. */
export const structurePagePath = (kind: TStructureKind, id: number) => `/dashboard/${kind}/${id}`;

const resolverOf = (kind: TStructureKind): RecordResolver => ({
  category: kind,
  async find(db, scope, refId) {
    const row = await findStructureRecord(db, scope, kind, refId);
    if (!row) return undefined;
    const { manage, view } = STRUCTURE_PERMISSIONS[kind];
    return { contractId: row.contractId, title: row.name, path: structurePagePath(kind, refId), managePermissions: [manage], viewPermissions: [manage, view] };
  },
  existing: structureIdsOf(kind),
});

export const structureRecordResolvers: RecordResolver[] = STRUCTURE_KINDS.map(resolverOf);
