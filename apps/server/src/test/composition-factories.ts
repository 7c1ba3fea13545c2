import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { compositions, compositionZones, contentTexts, fonts, playlists, stickers } from '../db/schema';

// What compositions show, written past their own calls: a playlist, a text message, a sticker and
// a font of a workspace (or company), and a composition of one zone.

type Workspace = { id: number; companyId: number };

const unique = () => randomBytes(3).toString('hex');

export async function buildPlaylist(app: FastifyInstance, workspace: Workspace, name = `List ${unique()}`) {
  const [row] = await app.db
    .insert(playlists)
    .values({ companyId: workspace.companyId, workspaceId: workspace.id, name })
    .returning();
  return row;
}

export async function buildText(app: FastifyInstance, workspace: Workspace, title = `Text ${unique()}`) {
  const [row] = await app.db
    .insert(contentTexts)
    .values({
      companyId: workspace.companyId,
      workspaceId: workspace.id,
      title,
      content: 'Welcome',
      position: 'bottom',
      direction: 'left',
      speed: 5,
      color: '#ffffff',
      backgroundColor: 'transparent',
      fontSize: 48,
    })
    .returning();
  return row;
}

export async function buildSticker(app: FastifyInstance, workspace: Workspace, name = `Sticker ${unique()}`) {
  const [row] = await app.db
    .insert(stickers)
    .values({
      companyId: workspace.companyId,
      workspaceId: workspace.id,
      name,
      hash: randomBytes(32).toString('hex'),
      size: 10,
      mime: 'image/png',
      width: 64,
      height: 64,
    })
    .returning();
  return row;
}

/** A font of a company, or a platform font (null). */
export async function buildFont(app: FastifyInstance, companyId: number | null, name = `Font ${unique()}`) {
  const [row] = await app.db
    .insert(fonts)
    .values({ companyId, name, format: 'ttf', hash: randomBytes(32).toString('hex'), size: 10 })
    .returning();
  return row;
}

/** A full-screen composition of one empty media zone. */
export async function buildComposition(
  app: FastifyInstance,
  workspace: Workspace,
  name = `Composition ${unique()}`,
) {
  const [row] = await app.db
    .insert(compositions)
    .values({ companyId: workspace.companyId, workspaceId: workspace.id, name, width: 1920, height: 1080 })
    .returning();
  await app.db.insert(compositionZones).values({
    compositionId: row.id,
    position: 0,
    name: 'Main',
    x: 0,
    y: 0,
    width: 1920,
    height: 1080,
    kind: 'media',
  });
  return row;
}
