import { z } from 'zod';
import { ZContract } from './contracts.js';

export const ZProfile = z.object({
  user_id: z.number().int(),
  login_name: z.string(),
  fullname: z.string(),
  email: z.string(),
  user_type: z.number().int(),
  role_id: z.number().int().nullable(),
  role_name: z.string().nullable(),
  unread_notifications: z.number().int(),
  tfa_enabled: z.boolean(),
  description: z.string().nullable(),
  pic_uri: z.string().nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZSyncResponse = z.object({
  profile: ZProfile,
  permissions: z.array(z.string()),
  contracts: z.object({ records: z.array(ZContract), last_filtered: z.array(z.number().int()) }),
  /** True when the deployment requires two-factor authentication. */
  tfa_config: z.boolean(),
});
export type TSyncResponse = z.infer<typeof ZSyncResponse>;
