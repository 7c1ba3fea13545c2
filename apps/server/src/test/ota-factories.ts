import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { deviceModels, otaPackageModels, otaPackages } from '../db/schema';
import { packageKey } from '../modules/ota/packages';

// OTA for the tests: a model of the catalogue, and an uploaded package of a version for models,
// its file stored as creating one leaves it.

const unique = () => Math.random().toString(36).slice(2, 8);

export async function buildModel(app: FastifyInstance, name = `Model ${unique()}`) {
  const [row] = await app.db.insert(deviceModels).values({ name, width: 1920, height: 1080 }).returning();
  return row.id;
}

/** A package of `version` for these models, its file stored (`size` bytes long if given). */
export async function buildPackage(app: FastifyInstance, version: string, modelIds: number[], size?: number) {
  const name = Buffer.from(`player ${version} ${unique()}`);
  const bytes = size === undefined ? name : Buffer.concat([name, Buffer.alloc(size - name.length, 7)]);
  const fileId = randomUUID();
  await app.storage.put(packageKey(fileId), bytes);
  const md5 = createHash('md5').update(bytes).digest('hex');
  const [row] = await app.db
    .insert(otaPackages)
    .values({ version, versionKey: version, md5, fileId, fileName: 'p.zip', size: bytes.length })
    .returning();
  await app.db
    .insert(otaPackageModels)
    .values(modelIds.map((modelId) => ({ packageId: row.id, modelId, version })));
  return { id: row.id, bytes, md5 };
}
