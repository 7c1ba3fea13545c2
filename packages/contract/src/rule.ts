import { z } from 'zod';
import { clockTimeSchema, deviceBrightnessSchema, deviceVolumeSchema } from './device-control';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { programRefSchema } from './program-schemas';
import { idsRequestSchema, idsSchema } from './team';
import { bodyIdSchema, listQuerySchema, listResultSchema, nameSchema } from './validation';

// Control rules (/backend/manager/rule, the /device/rule page, docs/rules.md): per workspace,
// "when <trigger> then <actions>" on chosen screens of it. Time and sensor triggers run on the
// screen itself (the rules are in its manifest; they fire offline too, and the player reports each
// firing); device events (went offline, came online, content error) run on the server's job table.

/** At most this many sensors trigger one rule. */
export const RULE_SENSOR_LIMIT = 50;

/** A time trigger's days: every day, Monday to Friday, or the chosen weekdays (0 Sunday … 6 Saturday). */
export const RULE_RECURRENCES = ['daily', 'weekdays', 'days'] as const;
export type RuleRecurrence = (typeof RULE_RECURRENCES)[number];

/** The device events a rule may follow (on the server). */
export const RULE_EVENTS = ['offline', 'online', 'content-error'] as const;
export type RuleEvent = (typeof RULE_EVENTS)[number];

export const ruleTriggerSchema = z.discriminatedUnion(
  'kind',
  [
    z
      .object({
        kind: z.literal('time'),
        recurrence: z.enum(RULE_RECURRENCES, { error: 'rule.recurrence' }),
        /** For 'days': the weekdays, at least one. */
        days: z.array(z.number().int().min(0).max(6)).max(7).optional(),
        /** HH:mm on the screen's clock, in its time zone. */
        at: clockTimeSchema,
      })
      .refine((trigger) => trigger.recurrence !== 'days' || (trigger.days?.length ?? 0) > 0, {
        message: 'rule.days',
        path: ['days'],
      }),
    /** A read of one of these sensors of the workspace (their ids in the sensor list). */
    z.object({
      kind: z.literal('sensor'),
      sensor_ids: z
        .array(bodyIdSchema, { error: 'rule.sensors' })
        .min(1, 'rule.sensors')
        .max(RULE_SENSOR_LIMIT, 'rule.sensors'),
    }),
    z.object({ kind: z.literal('event'), event: z.enum(RULE_EVENTS, { error: 'rule.event' }) }),
  ],
  { error: 'rule.trigger' },
);
export type RuleTriggerRequest = z.input<typeof ruleTriggerSchema>;

/** What a rule does: device commands, or a mail to chosen users. */
export const RULE_ACTIONS = [
  'power-on',
  'power-off',
  'brightness',
  'volume',
  'switch-content',
  'screenshot',
  'restart',
  'mail',
] as const;
export type RuleActionName = (typeof RULE_ACTIONS)[number];

/** At most this many actions per rule, and users per mail. */
export const RULE_ACTION_LIMIT = 8;

export const ruleActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('power-on') }),
    z.object({ action: z.literal('power-off') }),
    z.object({ action: z.literal('brightness'), value: deviceBrightnessSchema }),
    z.object({ action: z.literal('volume'), value: deviceVolumeSchema }),
    /** The screen's content becomes this playlist or composition (its default content). */
    z.object({ action: z.literal('switch-content'), program: programRefSchema }),
    z.object({ action: z.literal('screenshot') }),
    z.object({ action: z.literal('restart') }),
    /** A mail to these users of the rule's workspace (device-status template). */
    z.object({ action: z.literal('mail'), user_ids: idsSchema }),
  ],
  { error: 'rule.action' },
);
export type RuleActionRequest = z.input<typeof ruleActionSchema>;
export type RuleAction = z.output<typeof ruleActionSchema>;

export const ruleRequestSchema = z.object({
  name: nameSchema,
  enabled: z.boolean().optional(),
  trigger: ruleTriggerSchema,
  actions: z
    .array(ruleActionSchema, { error: 'rule.actions' })
    .min(1, 'rule.actions')
    .max(RULE_ACTION_LIMIT, 'rule.actions')
    .refine((actions) => new Set(actions.map((one) => one.action)).size === actions.length, {
      message: 'rule.actionTwice',
    }),
  /** The screens it acts on (claimed, of the rule's workspace, in the caller's scope). */
  device_ids: idsSchema,
});
export type RuleRequest = z.input<typeof ruleRequestSchema>;
export type RuleFields = z.output<typeof ruleRequestSchema>;

export const ruleEnableRequestSchema = z.object({ enabled: z.boolean() });

const named = z.object({ id: z.number(), name: z.string() });

export const ruleItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  group_id: z.number(),
  group_name: z.string(),
  /** As saved; a sensor trigger names its sensors (those not deleted since). */
  trigger: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('time'),
      recurrence: z.enum(RULE_RECURRENCES),
      days: z.array(z.number()),
      at: z.string(),
    }),
    z.object({ kind: z.literal('sensor'), sensors: z.array(named.extend({ sensor_id: z.string() })) }),
    z.object({ kind: z.literal('event'), event: z.enum(RULE_EVENTS) }),
  ]),
  actions: z.array(
    z.discriminatedUnion('action', [
      z.object({ action: z.enum(['power-on', 'power-off', 'screenshot', 'restart']) }),
      z.object({ action: z.enum(['brightness', 'volume']), value: z.number() }),
      z.object({
        action: z.literal('switch-content'),
        program: programRefSchema.extend({ name: z.string() }),
      }),
      z.object({ action: z.literal('mail'), users: z.array(named) }),
    ]),
  ),
  devices: z.array(named.extend({ signage_id: z.string() })),
  creator_name: z.string().nullable(),
  last_fired_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RuleItem = z.infer<typeof ruleItemSchema>;
export type RuleItemTrigger = RuleItem['trigger'];
export type RuleItemAction = RuleItem['actions'][number];

export const RULE_SORT_COLUMNS = ['name', 'created_at', 'updated_at'] as const;
export const ruleListQuerySchema = listQuerySchema(RULE_SORT_COLUMNS);
export type RuleListQuery = z.input<typeof ruleListQuerySchema>;
export const ruleListSchema = listResultSchema(ruleItemSchema);

/**
 * A firing's result on one screen: done (the screen did it itself and said so), sent (commands
 * waiting for its answer), acknowledged, failed (`result` says why), timeout, offline (only online
 * screens are controlled, spec 001 §4: nothing was sent), unsupported (its player lacks an action).
 */
export const RULE_FIRING_STATES = [
  'done',
  'sent',
  'acknowledged',
  'failed',
  'timeout',
  'offline',
  'unsupported',
] as const;
export type RuleFiringState = (typeof RULE_FIRING_STATES)[number];

/** Where it fired: on the screen (time, sensor) or on the server (device events). */
export const RULE_FIRING_SOURCES = ['screen', 'server'] as const;

export const ruleFiringSchema = z.object({
  id: z.number(),
  source: z.enum(RULE_FIRING_SOURCES),
  device_id: z.number(),
  device_name: z.string(),
  /** The sensor ID read, for a sensor trigger. */
  sensor_id: z.string().nullable(),
  fired_at: z.string(),
  state: z.enum(RULE_FIRING_STATES),
  result: z.string().nullable(),
  /** Whether it mailed the rule's users (a mail per screen and rule at most every DEVICE_STATUS_MAIL_MINUTES). */
  mailed: z.boolean(),
});
export type RuleFiring = z.infer<typeof ruleFiringSchema>;
export const ruleFiringListQuerySchema = listQuerySchema(['fired_at'] as const);
export const ruleFiringListSchema = listResultSchema(ruleFiringSchema);

// ── What a screen gets and reports (player side) ────────────────────────────────────────────────

/** POST /backend/player/rule-firings: what rules fired on the screen (kept and sent again until taken). */
export const ruleFiringsRequestSchema = z.object({
  firings: z
    .array(
      z.object({
        uuid: z.uuid(),
        rule_id: bodyIdSchema,
        fired_at: z.iso.datetime({ offset: true }),
        /** The tag read, for a sensor trigger. */
        sensor_id: z.string().max(64).nullish(),
        /** For a time trigger, the time it was due: one firing is logged per screen, rule and due time. */
        due_at: z.iso.datetime({ offset: true }).nullish(),
        ok: z.boolean(),
        result: z.string().max(500).nullish(),
      }),
    )
    .min(1)
    .max(100),
});
export type RuleFiringsRequest = z.input<typeof ruleFiringsRequestSchema>;
export const ruleFiringsResultSchema = z.object({ accepted: z.array(z.string()) });

// ── Operations ───────────────────────────────────────────────────────────────────────────────
const RULE = '/backend/manager/rule';

/** Control rules (spec 000 §2 /device/rule): every call needs device:scene:list. */
export const ruleOperations = {
  list: operation({
    method: 'GET',
    path: RULE,
    query: ruleListQuerySchema,
    response: ruleListSchema,
    access: 'device:scene:list',
  }),
  create: operation({
    method: 'POST',
    path: RULE,
    body: ruleRequestSchema,
    response: ruleItemSchema,
    access: 'device:scene:list',
  }),
  deleteMany: operation({
    method: 'DELETE',
    path: RULE,
    body: idsRequestSchema,
    response: noDataSchema,
    access: 'device:scene:list',
  }),
  detail: operation({
    method: 'GET',
    path: `${RULE}/:id`,
    params: idParamsSchema,
    response: ruleItemSchema,
    access: 'device:scene:list',
  }),
  update: operation({
    method: 'PUT',
    path: `${RULE}/:id`,
    params: idParamsSchema,
    body: ruleRequestSchema,
    response: ruleItemSchema,
    access: 'device:scene:list',
  }),
  enable: operation({
    method: 'PUT',
    path: `${RULE}/:id/enabled`,
    params: idParamsSchema,
    body: ruleEnableRequestSchema,
    response: ruleItemSchema,
    access: 'device:scene:list',
  }),
  /** Its firings, newest first, each screen's result as its commands' answers say now. */
  firings: operation({
    method: 'GET',
    path: `${RULE}/:id/firings`,
    params: idParamsSchema,
    query: ruleFiringListQuerySchema,
    response: ruleFiringListSchema,
    access: 'device:scene:list',
  }),
};
