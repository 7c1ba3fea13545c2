import { screen, waitFor } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceItem } from '../../../test/device';
import { mockApi, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { ScreenshotPanel } from './ScreenshotPanel';

const slow = { timeout: 15_000 };

beforeEach(() => {
  signInAs(Role.owner, ['device', 'device:dev:info']);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The fake server, answering the screenshot with an image instead of an envelope. */
function serveImage() {
  const api = mockApi({});
  const json = vi.mocked(fetch).getMockImplementation()!;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).endsWith('/manager/device/31/screenshot')
      ? new Response(new Blob(['png'], { type: 'image/png' }), { headers: { 'Content-Type': 'image/png' } })
      : json(input, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { api, fetchMock };
}

describe('ScreenshotPanel', { timeout: 30_000 }, () => {
  it('shows the latest screenshot, fetched with the token, and revokes it when closed', async () => {
    const { fetchMock } = serveImage();
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const view = await renderPage(
      <ScreenshotPanel device={deviceItem({ screenshot_at: '2025-01-03T09:00:00.000Z' })} />,
      '/device/31',
    );
    const image = (await screen.findByRole(
      'img',
      { name: 'Screenshot of Lobby screen' },
      slow,
    )) as HTMLImageElement;
    expect(image.src.startsWith('blob:')).toBe(true);
    expect(screen.getByText(/^Taken at /)).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0];
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /);
    view.unmount();
    await waitFor(() => expect(revoke).toHaveBeenCalledWith(image.src));
  });

  it('says when there is none yet, without asking', async () => {
    const { fetchMock } = serveImage();
    await renderPage(<ScreenshotPanel device={deviceItem()} />, '/device/31');
    expect(
      await screen.findByText('No screenshot yet. The Screenshot button takes one.', {}, slow),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
