import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ContentType, UPLOAD_SIZE_100MB } from '@vitrine/contract';
import type { NotificationArgsProps } from 'antd';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { setOssAvailableSize } from '../../../lib/session';
import type { UploadQueue } from '../../../lib/upload/queue';
import { acceptOf } from '../../../lib/upload/select';
import { fileOf } from '../../../lib/upload/testing';
import { renderPage } from '../../../test/render';
import { uploads } from '../uploads';
import { UploadDropzone } from './UploadDropzone';

const slow = { timeout: 15_000 };
let open: ReturnType<typeof vi.fn<(args: NotificationArgsProps) => void>>;
let add: MockInstance<UploadQueue['add']>;

beforeEach(() => {
  open = vi.fn();
  registerNotifier({ open });
  add = vi.spyOn(uploads, 'add').mockImplementation(() => {});
});

afterEach(() => {
  registerNotifier(null);
  vi.restoreAllMocks();
});

async function dropzone(available: number) {
  setOssAvailableSize(available);
  await renderPage(<UploadDropzone type={ContentType.document} folderId={4} />, '/content/document');
  return screen.findByRole('button', { name: /Drop files here or click to choose them/ }, slow);
}

const refusalText = () => String(open.mock.calls.at(-1)?.[0].description).split('\n');

describe('UploadDropzone', { timeout: 30_000 }, () => {
  it('queues the first 20 supported files and says which it refused', async () => {
    const zone = await dropzone(10_000);
    expect(zone.textContent).toContain('Up to 20 files at once · DOC, DOCX, XLS, XLSX, PDF, PPT, PPTX');
    const files = [
      fileOf('notes.txt', 10),
      ...Array.from({ length: 21 }, (_, index) => fileOf(`page-${index}.pdf`, 10)),
    ];
    fireEvent.drop(zone, { dataTransfer: { files } });

    await waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    const queued = add.mock.calls[0][0];
    expect(queued.map(({ file }) => file.name)).toEqual(files.slice(1, 20).map((file) => file.name));
    expect(queued.every(({ folderId }) => folderId === 4)).toBe(true);
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ type: 'warning', title: 'Tips' }));
    expect(refusalText()).toEqual([
      'At most 20 files can be uploaded at once. Not added: page-19.pdf, page-20.pdf',
      'notes.txt: this file type is not supported',
    ]);
  });

  it('names a file that breaks its kind’s size rule', async () => {
    const zone = await dropzone(UPLOAD_SIZE_100MB * 2);
    const big = fileOf('annual.pdf', 1);
    Object.defineProperty(big, 'size', { value: UPLOAD_SIZE_100MB + 1 });
    fireEvent.drop(zone, { dataTransfer: { files: [big] } });
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(refusalText()).toEqual(['annual.pdf: Files of this type must be 100 MB or smaller']);
    expect(add).not.toHaveBeenCalled();
  });

  it('queues nothing when the selection exceeds the available space, or when none is left', async () => {
    const zone = await dropzone(15);
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('a.pdf', 10), fileOf('b.pdf', 10)] } });
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(refusalText()).toEqual([
      'Unable to upload. The selected content is larger than the available space.',
    ]);

    setOssAvailableSize(0);
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('c.pdf', 1)] } });
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
    expect(refusalText()).toEqual(['The storage space is used up.']);
    expect(add).not.toHaveBeenCalled();
  });

  it('offers the page’s kinds in the file chooser and queues what is chosen', async () => {
    await dropzone(10_000);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe(acceptOf(ContentType.document));
    expect(input.multiple).toBe(true);
    fireEvent.change(input, { target: { files: [fileOf('menu.pdf', 10)] } });
    await waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    expect(add.mock.calls[0][0].map(({ file }) => file.name)).toEqual(['menu.pdf']);
    expect(open).not.toHaveBeenCalled();
  });
});
