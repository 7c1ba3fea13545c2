type Option = { value: string; label: string };

let cached: Option[] | null = null;

const offsetOf = (timeZone: string, now: Date): string => {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(now)
    .find((p) => p.type === 'timeZoneName');
  // "GMT" alone is UTC itself; the others read "GMT+05:30".
  return part?.value === 'GMT' ? 'GMT+00:00' : (part?.value ?? 'GMT');
};

/** Every IANA time zone the browser knows, labelled with its current offset: "Europe/Berlin (GMT+02:00)". */
export function timeZoneOptions(): Option[] {
  if (cached) return cached;
  const now = new Date();
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  cached = [...zones].sort().map((zone) => ({ value: zone, label: `${zone} (${offsetOf(zone, now)})` }));
  return cached;
}
