import type { FastifyInstance } from 'fastify';
import { compositionZones, playlistItems } from '../db/schema';

// Playlist items and composition zones for the program tests, written past their own calls.

type ItemSource = Omit<typeof playlistItems.$inferInsert, 'playlistId' | 'position'>;
type ZoneSource = Omit<typeof compositionZones.$inferInsert, 'compositionId' | 'position' | 'name'> & {
  name?: string;
};

/** Items appended to a playlist in the order given; answers their rows. */
export async function addItems(app: FastifyInstance, playlistId: number, items: ItemSource[]) {
  return app.db
    .insert(playlistItems)
    .values(items.map((item, position) => ({ ...item, playlistId, position })))
    .returning();
}

/** Zones of a composition, bottom to top in the order given (after any it has). */
export async function addZones(app: FastifyInstance, compositionId: number, zones: ZoneSource[], from = 1) {
  return app.db
    .insert(compositionZones)
    .values(
      zones.map((zone, index) => ({
        name: `Zone ${from + index}`,
        ...zone,
        compositionId,
        position: from + index,
      })),
    )
    .returning();
}
