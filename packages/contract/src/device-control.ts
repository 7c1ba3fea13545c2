import { z } from 'zod';
import { DEVICE_TIMER_LIMIT } from './player';
import { timezoneSchema } from './setting';
import { idsSchema } from './team';
import { countSchema, pinSchema } from './validation';

// Remote control of devices (ARCHITECTURE §7): commands with their acknowledgement, weekly power
// timers and the player's security lock. Under /backend/manager/device.

/** A screen's volume, 0–100. */
export const deviceVolumeSchema = z.number().int().min(0).max(100, 'validation.volume');
/** A screen's brightness, 1–100 (above 0, spec 001 §5). */
export const deviceBrightnessSchema = z
  .number()
  .int()
  .min(1, 'validation.brightness')
  .max(100, 'validation.brightness');
/** Landscape 0/180, portrait 90/270 (spec 001 §3). */
export const deviceOrientationSchema = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);
/** The screen's time zone (IANA): its schedules, power timers and time rules run on its clock. */
export const deviceTimezoneSchema = timezoneSchema;
/**
 * Minutes between the screenshots a screen takes by itself (spec 001 §9: in minutes; §5: below
 * 10000); 0: only on command.
 */
export const deviceScreenshotIntervalSchema = countSchema('device.screenshotInterval', 0);

export const deviceCommandSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('volume'), value: deviceVolumeSchema }),
    z.object({ action: z.literal('mute'), value: z.boolean() }),
    z.object({ action: z.literal('brightness'), value: deviceBrightnessSchema }),
    z.object({ action: z.literal('orientation'), value: deviceOrientationSchema }),
    z.object({ action: z.literal('timezone'), value: deviceTimezoneSchema }),
    z.object({ action: z.literal('screenshot-interval'), value: deviceScreenshotIntervalSchema }),
    ...(
      [
        'reboot',
        'screenshot',
        'screen-off',
        'screen-on',
        'refresh',
        'clear-cache',
        'identify',
        'unpair',
      ] as const
    ).map((action) => z.object({ action: z.literal(action) })),
  ],
  { error: 'validation.invalid' },
);
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

/** POST /manager/device/command: one command to several devices. */
export const deviceBatchCommandRequestSchema = z.object({
  /** At most DEVICE_COMMAND_LIMIT: the service refuses more with device.limit, naming the limit. */
  ids: idsSchema,
  command: deviceCommandSchema,
});
export type DeviceBatchCommandRequest = z.input<typeof deviceBatchCommandRequestSchema>;

export const COMMAND_STATUSES = ['pending', 'done', 'failed', 'timeout'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

export const deviceCommandItemSchema = z.object({
  command_id: z.number(),
  device_id: z.number(),
  action: z.string(),
  value: z.union([z.number(), z.boolean(), z.string(), z.null()]),
  status: z.enum(COMMAND_STATUSES),
  /** What the player answered (an error text when failed). */
  result: z.string().nullable(),
  created_at: z.string(),
  acked_at: z.string().nullable(),
});
export type DeviceCommandItem = z.infer<typeof deviceCommandItemSchema>;
export const deviceCommandListSchema = z.object({ list: z.array(deviceCommandItemSchema) });

/** "HH:mm", 00:00–23:59. */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time');

/** On a weekday (0 Sunday … 6 Saturday) the screen is on from `on` to `off`; off before on crosses midnight. */
export const deviceTimerSchema = z
  .object({ weekday: z.number().int().min(0).max(6), on: clockTimeSchema, off: clockTimeSchema })
  .refine((timer) => timer.on !== timer.off, { message: 'validation.timerEqual', path: ['off'] });
export type DeviceTimer = z.infer<typeof deviceTimerSchema>;

/** With timers enabled the screen is on only within its periods, dark the rest of the week. */
export const deviceTimersSchema = z.object({
  enabled: z.boolean(),
  timers: z.array(deviceTimerSchema).max(DEVICE_TIMER_LIMIT, 'validation.timerLimit'),
});
export type DeviceTimers = z.infer<typeof deviceTimersSchema>;
export const deviceBatchTimersRequestSchema = deviceTimersSchema.extend({
  /** At most DEVICE_COMMAND_LIMIT: the service refuses more with device.limit, naming the limit. */
  ids: idsSchema,
});

/** PUT /manager/device/{id}/lock: a 6-digit PIN guarding the player's settings, or null to lift it. */
export const deviceLockRequestSchema = z.object({ pin: pinSchema.nullable() });
export type DeviceLockRequest = z.input<typeof deviceLockRequestSchema>;

/** A screenshot's result as the player answers it (the image's type and its size in bytes); the
 * console reads it back to write the size in the reader's language. */
export const screenshotResult = (type: string, size: number) => `${type} ${size} bytes`;

export function parseScreenshotResult(text: string): { type: string; size: number } | null {
  const match = /^(\S+\/\S+) (\d+) bytes$/.exec(text);
  return match ? { type: match[1], size: Number(match[2]) } : null;
}
