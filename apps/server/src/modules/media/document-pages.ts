import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentPages } from '../../db/schema';

// A document's pages rendered to images (media.ts makes them; screens play them page by page).

/** The page images of these documents (JPEG hashes, page 1 first); documents without any are left out. */
export async function documentPages(tx: Db, contentIds: readonly number[]): Promise<Map<number, string[]>> {
  const pages = new Map<number, string[]>();
  if (contentIds.length === 0) return pages;
  const rows = await tx
    .select({ contentId: contentPages.contentId, hash: contentPages.hash })
    .from(contentPages)
    .where(inArray(contentPages.contentId, [...new Set(contentIds)]))
    .orderBy(asc(contentPages.contentId), asc(contentPages.page));
  for (const row of rows) {
    const list = pages.get(row.contentId);
    if (list) list.push(row.hash);
    else pages.set(row.contentId, [row.hash]);
  }
  return pages;
}
