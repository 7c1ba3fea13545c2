import { type LoginResult, ROLE_NAME, Role, type UserInfo } from '@vitrine/contract';

export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    user_id: 7,
    username: 'ada',
    nickname: null,
    email: 'ada@example.com',
    role_id: Role.owner,
    role_name: ROLE_NAME[Role.owner],
    status: 1,
    customer_id: null,
    customer_name: null,
    company_id: 3,
    company_name: 'Ada Displays',
    group_id: 11,
    group_name: 'Lobby',
    language_len_id: 'en',
    timezone: 'Europe/Paris',
    date_format: 'MM-DD-YYYY',
    time_format: 'HH:mm',
    week_start: 'monday',
    user_off_site_login_alarm: false,
    user_power_mail: false,
    login_times: 2,
    ...overrides,
  };
}

export function loginResult(overrides: Partial<LoginResult> = {}, user: Partial<UserInfo> = {}): LoginResult {
  const info = userInfo(user);
  return {
    token: 'token-1',
    role: { role_id: info.role_id, name: info.role_name },
    info,
    permissions: ['dashboard:data', 'profile:info'],
    config: {
      customer_icon: { value: { uri: null } },
      customer_logo: { value: { uri: null } },
      customer_theme: {
        value: {
          id: 1,
          detail: {
            primary_color: '#1668dc',
            nav_nackground_color: '#0f1f3d',
            main_background_color: '#f4f6fa',
          },
        },
      },
      schedule_config: { need_confirm: true },
    },
    ...overrides,
  };
}
