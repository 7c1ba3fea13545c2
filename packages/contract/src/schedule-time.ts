// When a schedule plays (ARCHITECTURE §9): zod-free, since the browser player resolves it offline
// against server time, as the server does for previews, conflicts and the schedule-empty check.
// All times are wall-clock times in the device's timezone (IANA name; UTC when a device has none).

/** A time frame: from `start` to `end` (HH:mm, 24:00 allowed as an end) on each day `rrule` names. An end at or before the start runs past midnight into the next day. */
export type ScheduleFrame = { start: string; end: string; rrule: string };

/** A spot's moment: local YYYY-MM-DDTHH:mm, interrupting for `minutes`. */
export type ScheduleSpot = { start: string; minutes: number };

/** The time rules of one approved schedule, as the manifest and the resolver see them. */
export type ScheduleTime = {
  id: number;
  type: string;
  priority: number;
  /** YYYY-MM-DD, inclusive; a frame that starts on the end date may run past midnight. */
  start_date: string;
  end_date: string;
  frames: ScheduleFrame[];
  /** Insert schedules: the moment they interrupt; their frames are empty. */
  spot: ScheduleSpot | null;
  exclude_holidays: boolean;
  /** Breaks ties between equal priorities: the later approval wins. ISO time. */
  approved_at: string;
};
