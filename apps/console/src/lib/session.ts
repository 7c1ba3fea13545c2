import type { LoginResult, RemoteConfig, UserInfo } from '@vitrine/contract';
import { useSyncExternalStore } from 'react';
import { navigateTo } from './navigation';

// The session held in the browser (spec 000 §3), persisted in localStorage so a reload keeps it.
// The permission list lives under the key 'auth' (spec 000 §3).
export type SessionState = {
  token: string | null;
  user: UserInfo | null;
  permissions: string[];
  config: RemoteConfig | null;
  workspaceId: number | null;
  /** Bytes the user may still upload (spec 000 §3 storage info); null until known. Not stored. */
  ossAvailableSize: number | null;
};

export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  permissions: 'auth',
  config: 'config',
  workspace: 'workspace',
  guide: 'guide',
  /** The user who closed the upgrade-tips panel (features/ota), until signing out. */
  otaTips: 'ota-tips',
  /** The schedule notices already shown (features/schedule), until signing out. */
  scheduleNotices: 'schedule-notices',
} as const;

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

function readStored(): SessionState {
  return {
    token: localStorage.getItem(STORAGE_KEYS.token),
    user: readJson<UserInfo | null>(STORAGE_KEYS.user, null),
    permissions: readJson<string[]>(STORAGE_KEYS.permissions, []),
    config: readJson<RemoteConfig | null>(STORAGE_KEYS.config, null),
    workspaceId: readJson<number | null>(STORAGE_KEYS.workspace, null),
    ossAvailableSize: null,
  };
}

function write(key: string, value: unknown): void {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
}

let state: SessionState = readStored();
const listeners = new Set<() => void>();

function set(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  if ('token' in patch) write(STORAGE_KEYS.token, patch.token);
  if ('user' in patch) write(STORAGE_KEYS.user, patch.user);
  if ('permissions' in patch) write(STORAGE_KEYS.permissions, patch.permissions);
  if ('config' in patch) write(STORAGE_KEYS.config, patch.config);
  if ('workspaceId' in patch) write(STORAGE_KEYS.workspace, patch.workspaceId);
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getSession = (): SessionState => state;
export const getToken = (): string | null => state.token;

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function signIn(result: LoginResult): void {
  set({
    token: result.token,
    user: { ...result.info, role_id: result.role.role_id, role_name: result.role.name },
    permissions: result.permissions,
    config: result.config,
    workspaceId: result.info.group_id,
  });
}

/** Clears the session, the local guide progress, closed tips and shown notices, then goes to /login (spec 000 §4). */
export function signOut(): void {
  localStorage.removeItem(STORAGE_KEYS.guide);
  localStorage.removeItem(STORAGE_KEYS.otaTips);
  localStorage.removeItem(STORAGE_KEYS.scheduleNotices);
  set({ token: null, user: null, permissions: [], config: null, workspaceId: null, ossAvailableSize: null });
  navigateTo('/login', { replace: true });
}

export function updateUser(partial: Partial<UserInfo>): void {
  if (state.user) set({ user: { ...state.user, ...partial } });
}

export const setConfig = (config: RemoteConfig): void => set({ config });
/** The workspace chosen in the top bar; the HTTP client sends it as Workspace-Id. */
export const setWorkspaceId = (workspaceId: number | null): void => set({ workspaceId });
/** The storage info call's answer (spec 000 §4). */
export const setOssAvailableSize = (ossAvailableSize: number): void => set({ ossAvailableSize });
/** A renewed token from the Authorization response header (ARCHITECTURE §6). */
export const renewToken = (token: string): void => {
  if (state.token && token !== state.token) set({ token });
};

/** Re-reads storage: another tab signed in or out. */
export function reloadSession(): void {
  state = readStored();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  const keys: readonly string[] = Object.values(STORAGE_KEYS);
  window.addEventListener('storage', (event) => {
    if (event.key === null || keys.includes(event.key)) reloadSession();
  });
}
