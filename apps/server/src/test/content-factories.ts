import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ContentType } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { contents } from '../db/schema';
import { defaultFolderId } from '../modules/content/folders';
import { mediaPath } from '../modules/media/storage';

// Content for the tests, written past the upload: a row in a workspace's default folder (or the
// folder given), and when asked a real stored file under DATA_DIR/media.

type Workspace = { id: number; companyId: number };

/** A library item (an image unless told otherwise), ready, in the workspace's default folder. */
export async function buildContent(
  app: FastifyInstance,
  workspace: Workspace,
  columns: Partial<typeof contents.$inferInsert> = {},
) {
  const folderId = columns.folderId ?? (await defaultFolderId(app.db, workspace.companyId, workspace.id));
  const [row] = await app.db
    .insert(contents)
    .values({
      companyId: workspace.companyId,
      workspaceId: workspace.id,
      folderId,
      type: ContentType.image,
      name: `Item ${randomBytes(3).toString('hex')}.png`,
      state: 'ready',
      ...columns,
    })
    .returning();
  return row;
}

/** A stored file of random bytes; returns its hash and where it lies. */
export async function buildMediaFile(app: FastifyInstance) {
  const bytes = randomBytes(64);
  const hash = createHash('sha256').update(bytes).digest('hex');
  const file = mediaPath(app.config.dataDir, hash);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.writeFile(file, bytes);
  return { hash, file, size: bytes.length };
}
