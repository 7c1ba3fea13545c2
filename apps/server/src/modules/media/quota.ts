import {
  ResultCode,
  STORAGE_PER_DEVICE_BYTES,
  STORAGE_SHARED_BYTES,
  type StorageInfo,
} from '@vitrine/contract';
import { and, count, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents, devices, fonts, stickers, uploads } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { unlicensed } from '../../platform/licence-state';
import type { TenantScope } from '../../platform/tenancy';

// A company's storage (spec 001 §1): 500 MB shared by its members plus 1 GB for each device
// licensed now (a licence in force by the licence clock, or a whitelisted MAC; docs/license.md
// "Storage quota"). Used is every content row's size, the recycle bin included (its files are still kept),
// plus the unfinished uploads, which have their space reserved from init on, plus the company's
// fonts and stickers.

type Storage = { total: number; used: number; licensed: number };

const ZERO: Storage = { total: 0, used: 0, licensed: 0 };

/** The caller's company's storage; platform and customer callers have none (zeros). */
export async function storageOf(db: Db, scope: TenantScope, exceptUpload?: string): Promise<Storage> {
  if (scope.companyId === null) return ZERO;
  const [{ licensed }] = await db
    .select({ licensed: count() })
    .from(devices)
    .where(and(scope.companyFilter(devices.companyId), sql`not ${unlicensed()}`));
  const [{ stored }] = await db
    .select({ stored: sql<string>`coalesce(sum(${contents.size}), 0)` })
    .from(contents)
    .where(scope.companyFilter(contents.companyId));
  const [{ pending }] = await db
    .select({ pending: sql<string>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(
      and(
        scope.companyFilter(uploads.companyId),
        gt(uploads.expiresAt, new Date()),
        exceptUpload === undefined ? undefined : ne(uploads.id, exceptUpload),
      ),
    );
  // The company's fonts and stickers (platform fonts belong to no company and count for none).
  const [{ fontBytes }] = await db
    .select({ fontBytes: sql<string>`coalesce(sum(${fonts.size}), 0)` })
    .from(fonts)
    .where(scope.companyFilter(fonts.companyId));
  const [{ stickerBytes }] = await db
    .select({ stickerBytes: sql<string>`coalesce(sum(${stickers.size}), 0)` })
    .from(stickers)
    .where(scope.companyFilter(stickers.companyId));
  return {
    total: STORAGE_SHARED_BYTES + STORAGE_PER_DEVICE_BYTES * licensed,
    licensed,
    used: Number(stored) + Number(pending) + Number(fontBytes) + Number(stickerBytes),
  };
}

/** Refuses a file that does not fit: 413001 with the spec's two messages. */
export async function assertSpace(db: Db, scope: TenantScope, size: number, exceptUpload?: string) {
  const { total, used } = await storageOf(db, scope, exceptUpload);
  if (used >= total) throw new AppError(ResultCode.tooLarge, 'upload.spaceUsedUp');
  if (used + size > total) throw new AppError(ResultCode.tooLarge, 'upload.noSpace');
}

/** GET /manager/sys/storage. */
export async function storageInfo(db: Db, scope: TenantScope): Promise<StorageInfo> {
  const { total, used, licensed } = await storageOf(db, scope);
  return {
    total_size: total,
    used_size: used,
    oss_available_size: Math.max(0, total - used),
    licensed_devices: licensed,
  };
}
