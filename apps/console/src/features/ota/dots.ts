import { useEffect } from 'react';
import { type DotSource, refreshDots, registerDotSource } from '../../app/layout/dots';
import { hasPermission } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { fetchUpgradableCount } from './upgrades';

// The OTA dots (spec 000 §2 "Shell"): while the OTA count answers a non-zero
// upgradable_device_count, the upgrade list's tab, the device menu entry and the OTA menu entry
// carry a dot. The shell throttles refreshes (one per 2 s); the dots share one count per refresh.
const SHARE_MS = 1000;

let last: { at: number; count: Promise<number> } | null = null;

function upgradable(): Promise<boolean> {
  const now = Date.now();
  if (!last || now - last.at > SHARE_MS) last = { at: now, count: fetchUpgradableCount() };
  // Only an answer (220000) with a count shows the dot; a refusal or failure shows none.
  return last.count.then(
    (count) => count > 0,
    () => false,
  );
}

/** Which dots a user may see: all need the upgrade list's key; the OTA menu entry also its own. */
export function otaDotSources(permissions: readonly string[]): Array<[string, DotSource]> {
  if (!hasPermission(permissions, 'device:ota:list')) return [];
  const paths = ['/device/ota', '/device', ...(hasPermission(permissions, 'ota') ? ['/ota'] : [])];
  return paths.map((path) => [path, upgradable]);
}

/** Registers the OTA dot sources while the signed-in shell shows (AppLayout). */
export function useOtaDots(): void {
  const { permissions, token } = useSession();
  const key = `${token ? 1 : 0}:${permissions.join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the session parts read.
  useEffect(() => {
    if (!token) return;
    const stops = otaDotSources(permissions).map(([path, source]) => registerDotSource(path, source));
    last = null;
    refreshDots();
    return () => {
      for (const stop of stops) stop();
    };
  }, [key]);
}
