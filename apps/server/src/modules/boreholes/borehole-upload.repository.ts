import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { boreholes } from '../../db/schema/index.js';

/** Which of `nos` are already boreholes of the contract (a load gives them a new version). */
export async function storedBoreholeNumbers(db: Executor, contractId: number, nos: readonly string[]): Promise<Set<string>> {
  if (nos.length === 0) return new Set();
  const found = await db
    .select({ no: boreholes.boreholeNo })
    .from(boreholes)
    .where(and(eq(boreholes.contractId, contractId), inArray(boreholes.boreholeNo, [...nos])));
  return new Set(found.map((r) => r.no));
}
