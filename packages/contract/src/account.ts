import { z } from 'zod';
import { ACCOUNT_ROUTES } from './account-routes';
import { noDataSchema, operation } from './operation';
import {
  acceptTermsSchema,
  confirmPasswordSchema,
  emailSchema,
  nameSchema,
  newPasswordSchema,
  oldPasswordSchema,
  optionalNameSchema,
  passwordSchema,
  withConfirmation,
} from './validation';

// Account and session calls (spec 000 §7 "Account and session"). The account helper adds the
// request schemas of every call here; these shapes are shared by server and console.

export const userGuideSchema = z.object({ device: z.boolean(), content: z.boolean(), schedule: z.boolean() });
export type UserGuide = z.infer<typeof userGuideSchema>;

/** The logged-in user as the console holds it (spec 000 §3 "Session state"). */
export const userInfoSchema = z.object({
  user_id: z.number(),
  username: z.string(),
  nickname: z.string().nullable(),
  email: z.string(),
  role_id: z.number(),
  role_name: z.string(),
  status: z.number(),
  customer_id: z.number().nullable(),
  /** The customer (system integrator) the user belongs to, by name. */
  customer_name: z.string().nullable(),
  company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  /** The active workspace (spec: group_id) and its name. */
  group_id: z.number().nullable(),
  group_name: z.string().nullable(),
  /** The user's language code, e.g. "en" or "zh-TW". */
  language_len_id: z.string(),
  timezone: z.string(),
  date_format: z.string(),
  time_format: z.string(),
  week_start: z.string(),
  user_off_site_login_alarm: z.boolean(),
  /** Mailed when a screen the user sees is powered on or off by its timers or a command. */
  user_power_mail: z.boolean(),
  login_times: z.number(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Remote config (spec 000 §3): white-label look and the schedule setting. */
export const remoteConfigSchema = z.object({
  customer_icon: z.object({ value: z.object({ uri: z.string().nullable() }) }),
  customer_logo: z.object({ value: z.object({ uri: z.string().nullable() }) }),
  customer_theme: z.object({
    value: z.object({
      id: z.number(),
      detail: z.object({
        primary_color: z.string(),
        nav_nackground_color: z.string(),
        main_background_color: z.string(),
      }),
    }),
  }),
  schedule_config: z.object({ need_confirm: z.boolean() }),
});
export type RemoteConfig = z.infer<typeof remoteConfigSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  accept_terms: acceptTermsSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  role: z.object({ role_id: z.number(), name: z.string() }),
  info: userInfoSchema,
  permissions: z.array(z.string()),
  config: remoteConfigSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** A code from a mailed link. Its format is not checked here: any unknown code is "Invalid link". */
export const linkCodeSchema = z
  .string({ error: 'validation.link' })
  .trim()
  .min(1, 'validation.link')
  .max(256, 'validation.link');

export const registerRequestSchema = withConfirmation(
  z.object({
    email: emailSchema,
    username: nameSchema,
    company_name: nameSchema,
    password: newPasswordSchema,
    confirm_password: confirmPasswordSchema,
    accept_terms: acceptTermsSchema,
  }),
);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** A new password typed twice: activation of an invited user, reset by mail. */
export const setPasswordRequestSchema = withConfirmation(
  z.object({ password: newPasswordSchema, confirm_password: confirmPasswordSchema }),
);
export type SetPasswordRequest = z.input<typeof setPasswordRequestSchema>;

export const activeCodeParamsSchema = z.object({ active_code: linkCodeSchema });
export const resetCodeParamsSchema = z.object({ reset_code: linkCodeSchema });
export const unlockCodeParamsSchema = z.object({ unlock_code: linkCodeSchema });

export const checkCodeRequestSchema = z.object({ active_code: linkCodeSchema });
export type CheckCodeRequest = z.input<typeof checkCodeRequestSchema>;

export const checkForgetCodeRequestSchema = z.object({ code: linkCodeSchema });
export type CheckForgetCodeRequest = z.input<typeof checkForgetCodeRequestSchema>;

export const emailRequestSchema = z.object({ email: emailSchema });
export type EmailRequest = z.input<typeof emailRequestSchema>;

/** act_url: the console page the unlock link opens; only a same-site path is used. */
export const unlockEmailRequestSchema = z.object({
  email: emailSchema,
  act_url: z.string().max(1024, 'validation.invalid').optional(),
});
export type UnlockEmailRequest = z.input<typeof unlockEmailRequestSchema>;

export const checkOldPasswordRequestSchema = z.object({ old_password: oldPasswordSchema });
export type CheckOldPasswordRequest = z.input<typeof checkOldPasswordRequestSchema>;

/** Password change payload (spec 000 §3): password, confirm_password, old_password. */
export const changePasswordRequestSchema = withConfirmation(
  z.object({
    password: newPasswordSchema,
    confirm_password: confirmPasswordSchema,
    old_password: oldPasswordSchema,
  }),
);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** Nickname: left as it is when absent, cleared when null or empty. */
export const updateProfileRequestSchema = z.object({
  username: nameSchema,
  nickname: optionalNameSchema,
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const emailResultSchema = z.object({ email: z.string() });
export type EmailResult = z.infer<typeof emailResultSchema>;

/** Who an invitation is for, shown on the activation page before a password is chosen. */
export const invitedUserSchema = z.object({ email: z.string(), username: z.string() });
export type InvitedUser = z.infer<typeof invitedUserSchema>;

export const lockStateSchema = z.object({ locked: z.boolean(), minutes: z.number() });
export type LockState = z.infer<typeof lockStateSchema>;

/** check-old-pwd answers 220000 with result true when the old password is right. */
export const checkResultSchema = z.object({ result: z.boolean() });
export type CheckResult = z.infer<typeof checkResultSchema>;

// ── Operations ───────────────────────────────────────────────────────────────────────────────
const USER_CENTER = '/backend/manager/account/user-center';

/** Logging in and out, registering, activation, password reset and unlock (paths in account-routes.ts). */
export const accountOperations = {
  login: operation({ ...ACCOUNT_ROUTES.login, body: loginRequestSchema, response: loginResultSchema }),
  logout: operation({ ...ACCOUNT_ROUTES.logout, response: noDataSchema }),
  register: operation({
    ...ACCOUNT_ROUTES.register,
    body: registerRequestSchema,
    response: emailResultSchema,
  }),
  registerActive: operation({
    ...ACCOUNT_ROUTES.registerActive,
    params: activeCodeParamsSchema,
    response: emailResultSchema,
  }),
  checkCode: operation({
    ...ACCOUNT_ROUTES.checkCode,
    body: checkCodeRequestSchema,
    response: invitedUserSchema,
  }),
  activate: operation({
    ...ACCOUNT_ROUTES.activate,
    params: activeCodeParamsSchema,
    body: setPasswordRequestSchema,
    response: emailResultSchema,
  }),
  forgetPassword: operation({
    ...ACCOUNT_ROUTES.forgetPassword,
    body: emailRequestSchema,
    response: noDataSchema,
  }),
  checkForgetCode: operation({
    ...ACCOUNT_ROUTES.checkForgetCode,
    body: checkForgetCodeRequestSchema,
    response: emailResultSchema,
  }),
  resetPassword: operation({
    ...ACCOUNT_ROUTES.resetPassword,
    params: resetCodeParamsSchema,
    body: setPasswordRequestSchema,
    response: emailResultSchema,
  }),
  checkLock: operation({ ...ACCOUNT_ROUTES.checkLock, body: emailRequestSchema, response: lockStateSchema }),
  unlockEmail: operation({
    ...ACCOUNT_ROUTES.unlockEmail,
    body: unlockEmailRequestSchema,
    response: noDataSchema,
  }),
  unlock: operation({
    ...ACCOUNT_ROUTES.unlock,
    params: unlockCodeParamsSchema,
    response: emailResultSchema,
  }),
};

/** The signed-in user's own account (spec 000 §7 user center): any logged-in user. */
export const userCenterOperations = {
  checkOldPassword: operation({
    method: 'POST',
    path: `${USER_CENTER}/check-old-pwd`,
    body: checkOldPasswordRequestSchema,
    response: checkResultSchema,
    access: 'authenticated',
  }),
  changePassword: operation({
    method: 'POST',
    path: `${USER_CENTER}/reset-pwd`,
    body: changePasswordRequestSchema,
    response: noDataSchema,
    access: 'authenticated',
  }),
  info: operation({
    method: 'GET',
    path: `${USER_CENTER}/info`,
    response: userInfoSchema,
    access: 'authenticated',
  }),
  update: operation({
    method: 'POST',
    path: `${USER_CENTER}/update`,
    body: updateProfileRequestSchema,
    response: userInfoSchema,
    access: 'authenticated',
  }),
};
