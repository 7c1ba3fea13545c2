import type { RemoteConfig, UserInfo } from '@vitrine/contract';
import { http } from '../lib/http';
import { getSession, setConfig, subscribeSession, updateUser } from '../lib/session';

// The initial setup step (spec 000 §2): before the first non-public page of a session is shown,
// the remote config is fetched and applied and the user is refreshed. It runs once; signing out
// resets it for the next session. A failure does not block the page: the stored values stay.
let setup: Promise<void> | null = null;

export function runInitialSetup(): Promise<void> {
  setup ??= Promise.allSettled([
    http.get<RemoteConfig>('/manager/sys/config/mine').then(setConfig),
    http.get<UserInfo>('/manager/account/user-center/info').then(updateUser),
  ]).then(() => undefined);
  return setup;
}

subscribeSession(() => {
  if (!getSession().token) setup = null;
});
