import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChangePasswordRequest,
  userCenterOperations as ops,
  type UpdateProfileRequest,
  type UserInfo,
} from '@vitrine/contract';
import { call } from '../../lib/call';
import { request } from '../../lib/http';
import { updateUser } from '../../lib/session';

// The signed-in user's account calls (spec 000 §7), with the query cache. The pages seen before
// logging in use public-calls.ts instead.

export const accountKeys = {
  all: ['account'] as const,
  userCenter: () => [...accountKeys.all, 'user-center'] as const,
};

export function useCheckOldPwd() {
  return useMutation({
    mutationFn: (oldPassword: string) =>
      call(ops.checkOldPassword, { body: { old_password: oldPassword } }, { silent: true }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) => call(ops.changePassword, { body: input }),
  });
}

export function useUserCenterInfo() {
  return useQuery({
    queryKey: accountKeys.userCenter(),
    queryFn: ({ signal }) => call(ops.info, {}, { signal }),
  });
}

export function useUpdateUserCenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileRequest) => call(ops.update, { body: input }),
    onSuccess: (info) => {
      queryClient.setQueryData(accountKeys.userCenter(), info);
      updateUser({ username: info.username, nickname: info.nickname });
    },
  });
}

/** A personal preference: what the setting call receives and which UserInfo field it sets. */
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
  powerMail: { url: '/manager/sys/power-mail', body: 'user_power_mail', field: 'user_power_mail' },
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
