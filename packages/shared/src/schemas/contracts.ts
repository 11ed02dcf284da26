import { z } from 'zod';
import { ZId } from './ids.js';

/** Type bits: IM 2, Civil 4, SI 8; nothing else. */
export const ZContractTypeBits = z
  .number()
  .int()
  .min(0)
  .max(14)
  .refine((v) => (v & ~14) === 0, 'Type is a combination of IM (2), Civil (4) and SI (8)');

/** A type filter in a query string: contracts whose type has any of these bits (4 = Civil). */
export const ZContractTypeFilter = z.coerce.number().pipe(ZContractTypeBits);

export const ZContract = z.object({
  contract_id: z.number().int(),
  no: z.string(),
  title: z.string(),
  active: z.boolean(),
  easting: z.number().nullable(),
  northing: z.number().nullable(),
  type: z.number().int(),
});
export type TContract = z.infer<typeof ZContract>;

export const ZListContractsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  /** Bit filter: contracts whose type has any of these bits (4 = Civil). */
  type: ZContractTypeFilter.optional(),
});
export type TListContractsQuery = z.infer<typeof ZListContractsQuery>;

export const ZContractList = z.object({
  records: z.array(ZContract),
  /** Ids of the contracts the user has chosen as active (the contract toolbar). */
  last_filtered: z.array(z.number().int()),
  total_records: z.number().int(),
});
export type TContractList = z.infer<typeof ZContractList>;

export const ZFilterContractsRequest = z.object({
  contract_ids: z.array(ZId).max(10_000),
  last_filtered: z.array(ZId).max(10_000).optional(),
});
export type TFilterContractsRequest = z.infer<typeof ZFilterContractsRequest>;
