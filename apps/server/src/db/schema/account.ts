import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, customers, userCategories, workspaces } from './tenancy';

export type UserGuide = { device: boolean; content: boolean; schedule: boolean };

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 256 }).notNull(),
    passwordHash: text('password_hash'),
    username: varchar('username', { length: 64 }).notNull(),
    nickname: varchar('nickname', { length: 64 }),
    roleId: smallint('role_id').notNull(),
    status: smallint('status').notNull().default(0),
    customerId: integer('customer_id').references(() => customers.id),
    companyId: integer('company_id').references(() => companies.id),
    /** The user group (category) inside the company. */
    categoryId: integer('category_id').references(() => userCategories.id, { onDelete: 'set null' }),
    /** Who created the account (null for registration and the first system account). */
    createdBy: integer('created_by'),
    /** The workspace the user belongs to. */
    workspaceId: integer('workspace_id').references(() => workspaces.id),
    /** The workspace chosen in the top bar (spec 000 §4 "Workspace switch"). */
    activeWorkspaceId: integer('active_workspace_id').references(() => workspaces.id),
    language: varchar('language', { length: 8 }).notNull().default('en'),
    timezone: varchar('timezone', { length: 64 }).notNull().default('UTC'),
    dateFormat: varchar('date_format', { length: 16 }).notNull().default('MM-DD-YYYY'),
    timeFormat: varchar('time_format', { length: 16 }).notNull().default('HH:mm'),
    weekStart: varchar('week_start', { length: 16 }).notNull().default('monday'),
    offSiteLoginAlarm: boolean('off_site_login_alarm').notNull().default(false),
    /** Whether the user is mailed when a screen they see is powered on or off (spec 001 §1). */
    powerMail: boolean('power_mail').notNull().default(false),
    loginTimes: integer('login_times').notNull().default(0),
    userGuide: jsonb('user_guide')
      .$type<UserGuide>()
      .notNull()
      .default(sql`'{"device":false,"content":false,"schedule":false}'::jsonb`),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the team lists' keyword search reads: the three searched fields lower-cased in one
     * value (a unit separator between them, so no keyword matches across two), so that one
     * trigram index answers LIKE '%…%' (migration 0006).
     */
    search: text('search')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(("username")::text || E'\\x1f' || coalesce("nickname", '') || E'\\x1f' || ("email")::text)`,
      ),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_company_idx').on(t.companyId),
    index('users_workspace_idx').on(t.workspaceId),
    index('users_customer_idx').on(t.customerId),
    index('users_created_idx').on(t.createdAt),
    index('users_company_created_idx').on(t.companyId, t.createdAt),
    index('users_category_idx').on(t.categoryId),
    index('users_active_workspace_idx').on(t.activeWorkspaceId),
    index('users_search_trgm_idx').using('gin', t.search.op('gin_trgm_ops')),
  ],
);

/** Opaque session tokens, stored as their SHA-256 hash (ARCHITECTURE §6). */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when a newer token replaced this one; the old one stays valid for a short grace. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | password | disabled | elsewhere: decides between 600003 and 600004. */
    revokeReason: varchar('revoke_reason', { length: 16 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Codes sent by mail: activation, registration, password reset, unlock. Stored hashed. */
export const linkCodes = pgTable(
  'link_codes',
  {
    codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('link_codes_user_idx').on(t.userId, t.purpose)],
);

/** Every login attempt: lockout counting, the off-site login alarm, and the audit trail. */
export const loginHistory = pgTable(
  'login_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 256 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_history_user_idx').on(t.userId, t.createdAt)],
);
