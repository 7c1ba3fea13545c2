import { act, render, screen, waitFor } from '@testing-library/react';
import { ContentType, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider } from '../../../lib/query';
import { getSession, signOut } from '../../../lib/session';
import { fileOf } from '../../../lib/upload/testing';
import { signInAs } from '../../../test/team';
import { uploads } from '../uploads';
import { UploadHost } from './UploadHost';

const slow = { timeout: 15_000 };
let paths: string[];

beforeEach(() => {
  signInAs(Role.owner, ['res:image:list']);
  paths = [];
  const answers: Record<string, unknown> = {
    '/manager/sys/storage': {
      total_size: 5000,
      used_size: 1000,
      oss_available_size: 4000,
      licensed_devices: 3,
    },
    '/manager/common/slice-upload-check': { content_id: null, upload_id: null, parts: [] },
    '/manager/common/slice-upload-init': {
      upload_id: '6f1c2a7e-0000-4000-8000-000000000001',
      part_size: 2_097_152,
      part_count: 1,
      parts: [],
      expires_at: '2030-01-01T00:00:00.000Z',
    },
    '/manager/common/slice-upload': { index: 0, received: 1000 },
    '/manager/common/slice-upload-finish': { id: 9, name: 'lobby.png', type: ContentType.image },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/backend/, '');
      paths.push(path);
      return new Response(JSON.stringify({ code: 220000, msg: 'Success', data: answers[path] }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UploadHost', { timeout: 30_000 }, () => {
  it('loads the storage info, shows the panel while files upload, and forgets them at sign-out', async () => {
    // The shell's own query cache: the one the queue refreshes after a success.
    render(
      <QueryProvider>
        <UploadHost />
      </QueryProvider>,
    );
    await waitFor(() => expect(getSession().ossAvailableSize).toBe(4000));
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();

    act(() => uploads.add([{ file: fileOf('lobby.png', 1000, 'lobby', 'image/png') }]));
    expect(await screen.findByRole('region', { name: 'Uploads' }, slow)).toBeTruthy();
    expect(await screen.findByText('Uploaded', {}, slow)).toBeTruthy();
    expect(paths).toEqual([
      '/manager/sys/storage',
      '/manager/common/slice-upload-check',
      '/manager/common/slice-upload-init',
      '/manager/common/slice-upload',
      '/manager/common/slice-upload-finish',
      // A success refreshes the storage info.
      '/manager/sys/storage',
    ]);

    act(() => signOut());
    expect(uploads.getSnapshot()).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull());
  });
});
