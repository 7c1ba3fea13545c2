import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChangePasswordRequest,
  type CheckResult,
  type EmailResult,
  type InvitedUser,
  type LockState,
  type LoginRequest,
  type LoginResult,
  type RegisterRequest,
  ResultCode,
  type SetPasswordRequest,
  type UpdateProfileRequest,
  type UserInfo,
} from '@vitrine/contract';
import { ApiError, request } from '../../lib/http';
import { updateUser } from '../../lib/session';

// Account and session calls (spec 000 §7). Public pages answer errors inline, so their calls are
// silent: the "tips" notification would only repeat what the page already shows.

export const accountKeys = {
  all: ['account'] as const,
  lock: (email: string) => [...accountKeys.all, 'lock', email] as const,
  activeCode: (code: string) => [...accountKeys.all, 'active-code', code] as const,
  forgetCode: (code: string) => [...accountKeys.all, 'forget-code', code] as const,
  userCenter: () => [...accountKeys.all, 'user-center'] as const,
};

// The terms checkbox is the form's; the calls send accept_terms: true once it passed.
type LoginInput = Omit<LoginRequest, 'accept_terms'>;
export type RegisterInput = Omit<RegisterRequest, 'accept_terms'>;

const silent = { silent: true } as const;

/** The server compares emails trimmed and lower-cased; the lock cache does the same. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// A mailed code is checked once per visit and forgotten when its page closes: once spent, a refetch
// would turn the page's success into "invalid link".
const linkCheck = (code: string) =>
  ({ enabled: code !== '', retry: false, staleTime: Number.POSITIVE_INFINITY, gcTime: 0 }) as const;

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      request<LoginResult>('POST', '/account/login', { body: { ...input, accept_terms: true }, ...silent }),
    // The lock state shown for this email is now out of date.
    onError: (error, input) => {
      if (error instanceof ApiError && error.code === ResultCode.accountLocked) {
        return queryClient.invalidateQueries({ queryKey: accountKeys.lock(normalizeEmail(input.email)) });
      }
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      request<unknown>('POST', '/account/register', { body: { ...input, accept_terms: true }, ...silent }),
  });
}

/** The invited user's link (/user/active?code=): who is being activated. */
export function useCheckActiveCode(code: string) {
  return useQuery({
    queryKey: accountKeys.activeCode(code),
    queryFn: () =>
      request<InvitedUser>('POST', '/account/check/code', {
        body: { active_code: code },
        ...silent,
      }),
    ...linkCheck(code),
  });
}

export function useActivate(code: string) {
  return useMutation({
    mutationFn: (input: SetPasswordRequest) =>
      request<unknown>('POST', `/account/active/${encodeURIComponent(code)}`, { body: input, ...silent }),
  });
}

export function useRegisterActive() {
  return useMutation({
    mutationFn: (code: string) =>
      request<EmailResult>('POST', `/account/register-active/${encodeURIComponent(code)}`, silent),
  });
}

export function useForgetPwd() {
  return useMutation({
    mutationFn: (email: string) =>
      request<unknown>('POST', '/account/forget-pwd', { body: { email }, ...silent }),
  });
}

export function useCheckForgetCode(code: string) {
  return useQuery({
    queryKey: accountKeys.forgetCode(code),
    queryFn: () => request<EmailResult>('POST', '/account/check/forget-code', { body: { code }, ...silent }),
    ...linkCheck(code),
  });
}

export function useResetPwd(code: string) {
  return useMutation({
    mutationFn: (input: SetPasswordRequest) =>
      request<unknown>('POST', `/account/reset/${encodeURIComponent(code)}`, { body: input, ...silent }),
  });
}

/** Whether an account is locked after failed logins; asked only for a well-formed email. */
export function useCheckLock(email: string | null) {
  return useQuery({
    queryKey: accountKeys.lock(email ?? ''),
    queryFn: () => request<LockState>('POST', '/account/check-lock', { body: { email }, ...silent }),
    enabled: email !== null,
    retry: false,
  });
}

export function useUnlockEmail() {
  return useMutation({
    mutationFn: (email: string) =>
      request<unknown>('POST', '/account/unlock-email', { body: { email, act_url: '/login' }, ...silent }),
  });
}

export function useUnlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unlockCode: string) =>
      request<unknown>('POST', `/account/unlock/${encodeURIComponent(unlockCode)}`, silent),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...accountKeys.all, 'lock'] }),
  });
}

export function useCheckOldPwd() {
  return useMutation({
    mutationFn: (oldPassword: string) =>
      request<CheckResult>('POST', '/manager/account/user-center/check-old-pwd', {
        body: { old_password: oldPassword },
        ...silent,
      }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      request<unknown>('POST', '/manager/account/user-center/reset-pwd', { body: input }),
  });
}

export function useUserCenterInfo() {
  return useQuery({
    queryKey: accountKeys.userCenter(),
    queryFn: ({ signal }) => request<UserInfo>('GET', '/manager/account/user-center/info', { signal }),
  });
}

export function useUpdateUserCenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileRequest) =>
      request<UserInfo>('POST', '/manager/account/user-center/update', { body: input }),
    onSuccess: (info) => {
      queryClient.setQueryData(accountKeys.userCenter(), info);
      updateUser({ username: info.username, nickname: info.nickname });
    },
  });
}

/** A personal preference: what the sys call receives and which UserInfo field it sets. */
type Preference<F extends keyof UserInfo> = { url: string; body: string; field: F };

const PREFERENCES = {
  language: { url: '/manager/sys/language', body: 'language', field: 'language_len_id' },
  timezone: { url: '/manager/sys/timezone', body: 'timezone', field: 'timezone' },
  dateFormat: { url: '/manager/sys/date/format', body: 'date_format', field: 'date_format' },
  timeFormat: { url: '/manager/sys/time/format', body: 'time_format', field: 'time_format' },
  offSiteLoginAlarm: {
    url: '/manager/sys/off-site-login-alarm',
    body: 'user_off_site_login_alarm',
    field: 'user_off_site_login_alarm',
  },
} as const satisfies Record<string, Preference<keyof UserInfo>>;

export type PreferenceName = keyof typeof PREFERENCES;
export type PreferenceValue<P extends PreferenceName> = UserInfo[(typeof PREFERENCES)[P]['field']];

/** Puts a saved value into the cached user-center info and the session user: no refetch needed. */
function applyPatch(queryClient: QueryClient, patch: Partial<UserInfo>) {
  queryClient.setQueryData<UserInfo>(accountKeys.userCenter(), (info) =>
    info ? { ...info, ...patch } : info,
  );
  updateUser(patch);
}

/** Saves one preference (POST /manager/sys/language, /timezone, /date/format, /time/format, /off-site-login-alarm). */
export function useSavePreference<P extends PreferenceName>(name: P) {
  const queryClient = useQueryClient();
  const { url, body, field } = PREFERENCES[name];
  return useMutation({
    mutationFn: (value: PreferenceValue<P>) => request<unknown>('POST', url, { body: { [body]: value } }),
    onSuccess: (_data, value) => applyPatch(queryClient, { [field]: value } as Partial<UserInfo>),
  });
}
