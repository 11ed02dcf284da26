import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/** POST /auth is form-encoded; fields are validated by the service so both missing-field messages can be reported together. */
export const ZAuthRequest = z.object({
  username: z.string().optional(),
  password: z.string().optional(),
});
export type TAuthRequest = z.infer<typeof ZAuthRequest>;

/**
 * The sign-in fields as the service checks them, named as its field errors (spec: an empty user name gives "User name
 * is required" (field userName), an empty password "User password is required" (field userPassword), both together).
 */
export const ZSignInFields = z.object({
  userName: z.string().trim().min(1, MESSAGES.userNameRequired),
  userPassword: z.string().min(1, MESSAGES.userPasswordRequired),
});

export const ZLoginResponse = z.object({
  access_token: z.string(),
  user_name: z.string(),
  resource_token: z.string(),
  tfa_enabled: z.boolean(),
  password_expired: z.boolean(),
  last_url: z.string().nullable(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZLastUrlRequest = z.object({ url: z.string().max(2048) });
export type TLastUrlRequest = z.infer<typeof ZLastUrlRequest>;
