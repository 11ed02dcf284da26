import { z } from 'zod';
import { ZId } from './ids.js';

const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const ZContractor = z.object({
  contractor_id: z.number().int(),
  name: z.string(),
  registration_no: z.string().nullable(),
  address: z.string().nullable(),
  contact: z.string().nullable(),
  user_count: z.number().int(),
  contract_count: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type TContractor = z.infer<typeof ZContractor>;

export const ZContractorContract = z.object({ contract_id: z.number().int(), no: z.string(), title: z.string(), active: z.boolean() });

export const ZContractorDetail = ZContractor.extend({
  users: z.array(z.object({ user_id: z.number().int(), login_name: z.string(), fullname: z.string(), status: z.string() })),
  contracts: z.array(ZContractorContract),
});
export type TContractorDetail = z.infer<typeof ZContractorDetail>;

export const ZContractorList = z.object({ records: z.array(ZContractor), total_records: z.number().int() });
export type TContractorList = z.infer<typeof ZContractorList>;

export const ZListContractorsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  keyword: z.string().trim().max(100).optional(),
});
export type TListContractorsQuery = z.infer<typeof ZListContractorsQuery>;

/** Field limits of a contractor, for the API and the web form alike. */
export const CONTRACTOR_LIMITS = { name: 200, registration_no: 50, address: 500, contact: 200 } as const;

/** POST and PUT take the same body; empty optional fields are null. */
export const ZContractorBody = z.object({
  name: text('Name', CONTRACTOR_LIMITS.name).min(1, 'Name is required'),
  registration_no: text('Registration no.', CONTRACTOR_LIMITS.registration_no).nullish(),
  address: text('Address', CONTRACTOR_LIMITS.address).nullish(),
  contact: text('Contact', CONTRACTOR_LIMITS.contact).nullish(),
});
export type TContractorBody = z.infer<typeof ZContractorBody>;

export const ZContractorContracts = z.object({ contractor_id: z.number().int(), records: z.array(ZContractorContract) });
export type TContractorContracts = z.infer<typeof ZContractorContracts>;

export const ZSetContractorContractsRequest = z.object({ contract_ids: z.array(ZId).max(1000) });
export type TSetContractorContractsRequest = z.infer<typeof ZSetContractorContractsRequest>;
