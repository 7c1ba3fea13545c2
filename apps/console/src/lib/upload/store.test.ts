import { UploadStatus } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { createUploadStore, type UploadRecord } from './store';
import { memoryKeyValue } from './testing';

function record(overrides: Partial<UploadRecord> = {}): UploadRecord {
  return {
    id: 'a',
    userId: 7,
    name: 'lobby.png',
    size: 3,
    mime: 'image/png',
    folderId: null,
    width: 1920,
    height: 1080,
    hash: null,
    uploadId: null,
    status: UploadStatus.waiting,
    paused: false,
    error: null,
    addedAt: 1,
    ...overrides,
  };
}

describe('createUploadStore', () => {
  it('keeps the file once and the record as it changes, and gives both back oldest first', async () => {
    const kv = memoryKeyValue();
    const store = createUploadStore(kv);
    const first = new File(['abc'], 'lobby.png');
    await store.add(record({ id: 'b', addedAt: 2 }), new File(['xyz'], 'hall.png'));
    await store.add(record(), first);
    await store.update(record({ hash: 'f'.repeat(64), status: UploadStatus.uploading }));
    const loaded = await store.load();
    expect(loaded.map(({ record }) => record.id)).toEqual(['a', 'b']);
    expect(loaded[0].record).toMatchObject({ hash: 'f'.repeat(64), status: UploadStatus.uploading });
    expect(await loaded[0].file.text()).toBe('abc');
    expect(kv.size()).toBe(4);
  });

  it('drops an entry whose file or record is missing', async () => {
    const kv = memoryKeyValue();
    const store = createUploadStore(kv);
    await kv.set(['record', 'orphan'], record({ id: 'orphan' }));
    await kv.set(['file', 'lonely'], new Blob(['x']));
    await store.add(record(), new Blob(['abc']));
    expect((await store.load()).map(({ record }) => record.id)).toEqual(['a']);
    expect(kv.size()).toBe(2);
  });

  it('removes one entry, or everything', async () => {
    const kv = memoryKeyValue();
    const store = createUploadStore(kv);
    await store.add(record(), new Blob(['abc']));
    await store.add(record({ id: 'b' }), new Blob(['xyz']));
    await store.remove('a');
    expect((await store.load()).map(({ record }) => record.id)).toEqual(['b']);
    await store.clear();
    expect(kv.size()).toBe(0);
  });
});
