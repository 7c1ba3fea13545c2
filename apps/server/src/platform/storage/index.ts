import type { Config } from '../../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './storage';

export type {
  ByteRange,
  PartPlace,
  PartsLayout,
  Storage,
  StoredBody,
  StoredBytes,
  StoredEntry,
  StoredHead,
} from './storage';
export { MissingObject, PartTooLong, RangeNotSatisfiable } from './storage';

/** The storage the configuration names: the object store of STORAGE_URL, else DATA_DIR. */
export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  return config.storage ? new S3Storage(config.storage) : new LocalStorage(config.dataDir);
}
