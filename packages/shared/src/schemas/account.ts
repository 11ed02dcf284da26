import { z } from 'zod';
import { ZId, ZIdText } from './ids.js';
import { USER_TYPE } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { PASSWORD_MESSAGES } from '../password-rules.js';

/** A login name: 3–32 of a-z 0-9 . _ - after lower-casing. */
export const LOGIN_NAME_PATTERN = /^[a-z0-9._-]+$/;
export const ZLoginName = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'Login name must be at least 3 characters')
  .max(32, 'Login name must be at most 32 characters')
  .regex(LOGIN_NAME_PATTERN, MESSAGES.loginNameChars);

export const ZEmail = z.string().trim().max(254, 'E-mail address is too long').pipe(z.email('Enter a valid e-mail address'));

/** Passwords are never trimmed; the rules (length, common, login name) are checked by the service (a long text is refused here at once). */
const ZPasswordField = z.string().max(1024, PASSWORD_MESSAGES.tooLong);
/** A token from a mailed link. */
const ZLinkToken = z.string().trim().min(1, 'The link is incomplete').max(200);

/** POST /account/register (no auth): a person asks for an account; it waits for an administrator's approval. */
export const ZRegisterRequest = z
  .object({
    login_name: ZLoginName,
    fullname: z.string().trim().min(1, 'Full name is required').max(100, 'Full name must be at most 100 characters'),
    email: ZEmail,
    /** 0 Authority or 1 Contractor (Application Admins are made by administrators). */
    user_type: z.union([z.literal(USER_TYPE.Authority), z.literal(USER_TYPE.Contractor)], 'User type must be Authority or Contractor'),
    contractor_id: ZId.nullish(),
    note: z.string().trim().max(1000, 'Note must be at most 1000 characters').nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.user_type === USER_TYPE.Contractor && v.contractor_id == null) {
      ctx.addIssue({ code: 'custom', path: ['contractor_id'], message: MESSAGES.contractorRequired });
    }
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** What happens next, in words the page shows. */
export const ZRegisterResponse = z.object({ status: z.literal('pending'), message: z.string() });

/** The contractors a person asking for a Contractor account may choose from: id and name only. */
export const ZRegisterContractors = z.object({
  records: z.array(z.object({ contractor_id: z.number().int(), name: z.string() })),
});
export type TRegisterContractors = z.infer<typeof ZRegisterContractors>;
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

/** POST /account/activate (no auth): the token of the activation link. */
export const ZActivateRequest = z.object({ token: ZLinkToken });
export type TActivateRequest = z.infer<typeof ZActivateRequest>;

/** The token for /setup-password (24 h) and whose account it is. */
export const ZActivateResponse = z.object({ setup_token: z.string(), login_name: z.string(), expires_at: z.string() });
export type TActivateResponse = z.infer<typeof ZActivateResponse>;

/** POST /account/setup-password and /account/reset-password (no auth). */
export const ZSetPasswordWithTokenRequest = z.object({ token: ZLinkToken, password: ZPasswordField });
export type TSetPasswordWithTokenRequest = z.infer<typeof ZSetPasswordWithTokenRequest>;

export const ZSetPasswordResponse = z.object({ ok: z.literal(true), login_name: z.string() });
export type TSetPasswordResponse = z.infer<typeof ZSetPasswordResponse>;

/** POST /account/forgot-password (no auth): a login name or an e-mail address. */
export const ZForgotPasswordRequest = z.object({
  login: z.string().trim().min(1, 'Enter your login name or e-mail address').max(254),
});
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** The same answer whether or not an account matched. */
export const ZForgotPasswordResponse = z.object({ ok: z.literal(true), message: z.string() });
export type TForgotPasswordResponse = z.infer<typeof ZForgotPasswordResponse>;

/** POST /account/change-password (signed in). */
export const ZChangePasswordRequest = z.object({
  current_password: z.string().min(1, 'Current password is required').max(1024),
  new_password: ZPasswordField,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** GET /account/tfa: the spec's "two-factor lookup" (security state). */
export const ZTfaStatus = z.object({
  /** The system setting "two-factor required". */
  tfa_config: z.boolean(),
  /** The caller has enrolled. */
  tfa: z.boolean(),
});
export type TTfaStatus = z.infer<typeof ZTfaStatus>;

/** POST /account/tfa/enroll: a new secret, usable only once confirmed with a code. */
export const ZTfaEnrollResponse = z.object({
  /** Base32, for typing into an authenticator app. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** A PNG data URL of the QR code of `otpauth_url`. */
  qr_data_url: z.string(),
});
export type TTfaEnrollResponse = z.infer<typeof ZTfaEnrollResponse>;

/** A 6-digit code from the authenticator app, or (at sign-in) a recovery code. */
export const ZTfaCodeRequest = z.object({ code: z.string().trim().min(1, 'Enter the code').max(64) });
export type TTfaCodeRequest = z.infer<typeof ZTfaCodeRequest>;

/** POST /account/tfa/confirm: two-factor is on; the one-time recovery codes are shown this once. */
export const ZTfaConfirmResponse = z.object({ recovery_codes: z.array(z.string()) });
export type TTfaConfirmResponse = z.infer<typeof ZTfaConfirmResponse>;

/** POST /account/tfa/disable. */
export const ZTfaDisableRequest = z.object({ password: z.string().min(1, 'Password is required').max(1024) });
export type TTfaDisableRequest = z.infer<typeof ZTfaDisableRequest>;

/** POST /auth/tfa: the second sign-in step passed; the session is now usable. */
export const ZTfaVerifyResponse = z.object({
  ok: z.literal(true),
  /** Present when a recovery code was used: how many remain. */
  recovery_codes_left: z.number().int().optional(),
});
export type TTfaVerifyResponse = z.infer<typeof ZTfaVerifyResponse>;

/** PUT /account/profile. Login name and user type are read-only. */
export const ZUpdateProfileRequest = z.object({
  fullname: z.string().trim().min(1, 'Full name is required').max(100, 'Full name must be at most 100 characters'),
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters').nullish(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

export const ZProfilePictureResponse = z.object({ pic_uri: z.string() });
export type TProfilePictureResponse = z.infer<typeof ZProfilePictureResponse>;

export const ZUserIdParam = z.object({ user_id: ZIdText });

/** GET /account/recents: pages the caller opened lately (from POST /last-url), newest first, at most 50. */
export const ZRecentPagesQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(50) });
export const ZRecentPage = z.object({ url: z.string(), visited_at: z.string() });
export const ZRecentPageList = z.object({ records: z.array(ZRecentPage) });
export type TRecentPage = z.infer<typeof ZRecentPage>;
export type TRecentPageList = z.infer<typeof ZRecentPageList>;

/** GET /admin/users/pending: registrations waiting for approval, oldest first. */
export const ZPendingUser = z.object({
  user_id: z.number().int(),
  login_name: z.string(),
  fullname: z.string(),
  email: z.string(),
  user_type: z.number().int(),
  contractor_id: z.number().int().nullable(),
  contractor_name: z.string().nullable(),
  note: z.string().nullable(),
  /** ISO 8601. */
  created: z.string(),
});
export type TPendingUser = z.infer<typeof ZPendingUser>;
export const ZPendingUserList = z.object({ records: z.array(ZPendingUser), total_records: z.number().int() });
export type TPendingUserList = z.infer<typeof ZPendingUserList>;

/** POST /admin/users/{id}/approve: optionally gives the role at once. */
export const ZApproveUserRequest = z.object({ role_id: ZId.nullish() }).default({});
export type TApproveUserRequest = z.infer<typeof ZApproveUserRequest>;

/** POST /admin/users/{id}/reject: the reason is mailed to the person. */
export const ZRejectUserRequest = z.object({
  reason: z.string().trim().min(1, 'Reason is required').max(1000, 'Reason must be at most 1000 characters'),
});
export type TRejectUserRequest = z.infer<typeof ZRejectUserRequest>;

/** The status of a user after an approval action. */
export const ZUserStatusResponse = z.object({
  user_id: z.number().int(),
  status: z.enum(['active', 'pending', 'suspended', 'terminated', 'deleted']),
});
export type TUserStatusResponse = z.infer<typeof ZUserStatusResponse>;
