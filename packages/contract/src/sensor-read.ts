// A sensor read as every side sees it (zod-free: the browser player decides on reads by itself).

export const MAX_SENSOR_ID_LENGTH = 64;
/** A sensor ID as stored and compared: letters and digits, and the separators readers print. */
export const SENSOR_ID_PATTERN = /^[0-9A-Z][0-9A-Z:._-]*$/;

/**
 * A sensor ID as every side compares it: trimmed and upper-cased, so "04:a2:b3" typed by one reader
 * and "04:A2:B3" reported by another are the same tag.
 */
export const normalizeSensorId = (raw: string) => raw.trim().toUpperCase();

/** The normalized ID of a read, or null when it cannot be a sensor ID (too long, stray characters). */
export function sensorIdOf(raw: string): string | null {
  const id = normalizeSensorId(raw);
  return id.length > 0 && id.length <= MAX_SENSOR_ID_LENGTH && SENSOR_ID_PATTERN.test(id) ? id : null;
}
