import { fireEvent, screen, within } from '@testing-library/react';
import { UploadStatus } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import type { UploadEntry } from '../../../lib/upload/queue';
import { renderPage } from '../../../test/render';
import { UploadPanel } from './UploadPanel';
import type { UploadActions } from './UploadRow';

const slow = { timeout: 15_000 };

function entry(name: string, overrides: Partial<UploadEntry> = {}): UploadEntry {
  return {
    id: name,
    userId: 7,
    name,
    size: 3 * 1024 * 1024,
    mime: '',
    folderId: null,
    width: null,
    height: null,
    hash: null,
    uploadId: null,
    status: UploadStatus.waiting,
    paused: false,
    error: null,
    addedAt: 1,
    file: new Blob([]),
    hashing: false,
    progress: 0,
    speed: 0,
    contentId: null,
    ...overrides,
  };
}

function actions(): UploadActions {
  return {
    pause: vi.fn(),
    resume: vi.fn(),
    cancel: vi.fn(),
    retry: vi.fn(),
    clearFinished: vi.fn(),
    dismiss: vi.fn(),
  };
}

const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
const buttonNames = (name: string) =>
  within(row(name))
    .queryAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

describe('UploadPanel', { timeout: 30_000 }, () => {
  it('shows each file with its size, status, progress, speed and the actions that fit', async () => {
    const act = actions();
    await renderPage(
      <UploadPanel
        actions={act}
        entries={[
          entry('hall.mp4', { status: UploadStatus.uploading, progress: 40, speed: 1.5 * 1024 * 1024 }),
          entry('big.png', { status: UploadStatus.uploading, hashing: true, progress: 10 }),
          entry('next.pdf'),
          entry('held.mp3', { paused: true }),
          entry('done.png', { status: UploadStatus.success, progress: 100 }),
          entry('bad.mp4', { status: UploadStatus.error, error: 'The storage space is used up.' }),
          entry('gone.png', { status: UploadStatus.error }),
        ]}
      />,
      '/content/image',
    );
    expect(await screen.findByRole('region', { name: 'Uploads' }, slow)).toBeTruthy();
    expect(screen.getByText('2 uploading · 7 in total · 2 failed')).toBeTruthy();

    expect(within(row('hall.mp4')).getByText('Uploading')).toBeTruthy();
    expect(within(row('hall.mp4')).getByText('3.0 MB')).toBeTruthy();
    expect(within(row('hall.mp4')).getByText('1.5 MB/s')).toBeTruthy();
    expect(within(row('hall.mp4')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(row('big.png')).getByText('Preparing')).toBeTruthy();
    expect(within(row('next.pdf')).getByText('Waiting')).toBeTruthy();
    expect(within(row('held.mp3')).getByText('Paused')).toBeTruthy();
    expect(within(row('done.png')).getByText('Uploaded')).toBeTruthy();
    expect(within(row('bad.mp4')).getByText('Failed')).toBeTruthy();
    expect(within(row('bad.mp4')).getByRole('alert').textContent).toBe('The storage space is used up.');
    expect(within(row('gone.png')).getByRole('alert').textContent).toBe(
      'The file could not be read. Add it again.',
    );

    expect(buttonNames('hall.mp4')).toEqual(['Pause hall.mp4', 'Cancel hall.mp4']);
    expect(buttonNames('next.pdf')).toEqual(['Pause next.pdf', 'Cancel next.pdf']);
    expect(buttonNames('held.mp3')).toEqual(['Resume held.mp3', 'Cancel held.mp3']);
    expect(buttonNames('done.png')).toEqual([]);
    expect(buttonNames('bad.mp4')).toEqual(['Retry bad.mp4', 'Cancel bad.mp4']);

    fireEvent.click(screen.getByRole('button', { name: 'Pause hall.mp4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resume held.mp3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry bad.mp4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel next.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(act.pause).toHaveBeenCalledWith('hall.mp4');
    expect(act.resume).toHaveBeenCalledWith('held.mp3');
    expect(act.retry).toHaveBeenCalledWith('bad.mp4');
    expect(act.cancel).toHaveBeenCalledWith('next.pdf');
    expect(act.clearFinished).toHaveBeenCalled();
    // Something still runs: no closing yet.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('collapses to its header, and closes once every file is done', async () => {
    const act = actions();
    await renderPage(
      <UploadPanel
        actions={act}
        entries={[
          entry('a.png', { status: UploadStatus.success }),
          entry('b.png', { status: UploadStatus.error }),
        ]}
      />,
      '/content/image',
    );
    const hide = await screen.findByRole('button', { name: 'Hide the upload list' }, slow);
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(hide);
    expect(screen.queryByText('a.png')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show the upload list' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.queryByRole('button', { name: 'Clear finished' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(act.dismiss).toHaveBeenCalled();
  });

  it('speaks Arabic', async () => {
    await renderPage(
      <UploadPanel actions={actions()} entries={[entry('لوحة.png', { paused: true })]} />,
      '/content/image',
    );
    await i18n.changeLanguage('ar');
    expect(await screen.findByText('متوقف مؤقتًا', {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'استئناف لوحة.png' })).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
