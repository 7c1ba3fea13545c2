import type { UploadPurpose } from '@vitrine/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { templateTypes } from './template';
import { companies, workspaceOwned, workspaces } from './tenancy';

// The content library (ARCHITECTURE §8). Stored files live under DATA_DIR/media by SHA-256, one
// copy per hash; a content row points at its file by hash, so the same bytes in two tenants are
// two rows and one file. Quota counts each tenant's rows.

/**
 * Content folders of a workspace; each workspace has one default folder, made on first use. A
 * workspace is deleted only once no content is left in it, and its empty folders go with it.
 */
export const contentFolders = pgTable(
  'content_folders',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('content_folders_workspace_idx').on(table.workspaceId),
    uniqueIndex('content_folders_one_default').on(table.workspaceId).where(sql`"is_default"`),
  ],
);

export const contents = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => contentFolders.id),
    /** ContentType. */
    type: smallint('type').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    /** Stored file: SHA-256 of its bytes, size and sniffed MIME type. */
    hash: varchar('hash', { length: 64 }),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    mime: varchar('mime', { length: 255 }),
    width: integer('width'),
    height: integer('height'),
    /** Seconds. */
    duration: real('duration'),
    meta: jsonb('meta').$type<Record<string, string | number>>().notNull().default({}),
    /** What a browser plays when the original cannot be (transcoded video, document as PDF): its hash. */
    playableHash: varchar('playable_hash', { length: 64 }),
    thumbnailHash: varchar('thumbnail_hash', { length: 64 }),
    /** MediaState: processing, ready or failed. */
    state: varchar('state', { length: 16 }).notNull().default('processing'),
    /** Message key of what went wrong or what screens cannot play. */
    problem: varchar('problem', { length: 64 }),
    /** Websites and streams. */
    link: text('link'),
    refreshSeconds: integer('refresh_seconds'),
    zoom: real('zoom'),
    /** H5 content: its template type (template.ts). */
    templateTypeId: integer('template_type_id').references(() => templateTypes.id, {
      onDelete: 'set null',
    }),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    /** ApprovalState (pending, reviewing, approved, rejected, withdrawn): only approved content is used. */
    approvalState: varchar('approval_state', { length: 16 }).notNull().default('approved'),
    /** The approver who opened it while it is reviewing. */
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    rejectReason: text('reject_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** In the recycle bin since. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('contents_list_idx').on(table.workspaceId, table.type, table.createdAt),
    index('contents_company_hash_idx').on(table.companyId, table.hash),
    index('contents_folder_idx').on(table.folderId),
    index('contents_template_type_idx').on(table.templateTypeId),
    index('contents_approval_idx').on(table.companyId, table.approvalState),
  ],
);

/** An unfinished chunked upload: parts land in DATA_DIR/uploads/<id>; expires when abandoned. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    /** What the finished file becomes: library content or an OTA package (UploadPurpose). */
    purpose: varchar('purpose', { length: 16 }).$type<UploadPurpose>().notNull().default('content'),
    /** The tenant of a content upload; null for the platform's own files (an OTA package). */
    companyId: integer('company_id').references(() => companies.id),
    workspaceId: integer('workspace_id').references(() => workspaces.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hash: varchar('hash', { length: 64 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 255 }).notNull().default(''),
    /** The ContentType of a content upload; 0 for a package. */
    type: smallint('type').notNull(),
    folderId: integer('folder_id').references(() => contentFolders.id, { onDelete: 'set null' }),
    /** Indexes of the parts received. */
    parts: integer('parts').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('uploads_user_hash_idx').on(table.userId, table.hash),
    index('uploads_expires_idx').on(table.expiresAt),
  ],
);

/** A document's pages as images (JPEG, stored by hash like every made file), page 1 first: what screens play of it. */
export const contentPages = pgTable(
  'content_pages',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contentId, table.page] }),
    index('content_pages_hash_idx').on(table.hash),
  ],
);
