// The deployed build's stamp (GET /version.json, `time`): when it changes after the page was
// loaded, a new console was deployed and the page reloads itself (spec 000 §4).
export type VersionCheck = () => Promise<void>;

export async function fetchBuildTime(): Promise<number | null> {
  try {
    const response = await fetch(`/version.json?r=${Math.random().toString(36).slice(2)}`, {
      cache: 'no-store',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { time?: unknown };
    return typeof body.time === 'number' ? body.time : null;
  } catch {
    return null;
  }
}

/** The first stamp read is the loaded one; a later different stamp triggers `reload`. */
export function createVersionCheck(
  read: () => Promise<number | null> = fetchBuildTime,
  reload: () => void = () => window.location.reload(),
): VersionCheck {
  let loaded: number | null = null;
  return async () => {
    const time = await read();
    if (time === null) return;
    if (loaded === null) loaded = time;
    else if (time !== loaded) reload();
  };
}
