import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role, type StartupMedia, type StartupSetting } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { StartupMediaPanel } from './StartupMediaPanel';

const slow = { timeout: 15_000 };
const VIDEO: StartupMedia = {
  id: 3,
  url: `/backend/media/${'a1'.repeat(32)}`,
  file_name: 'welcome.mp4',
  size: 4_404_019,
  width: 1920,
  height: 1080,
  duration: 9,
  frame_rate: 25,
  created_at: '2026-11-29T10:00:00.000Z',
};
const LOGO: StartupMedia = {
  ...VIDEO,
  id: 4,
  url: `/backend/media/${'b2'.repeat(32)}`,
  file_name: 'logo.bmp',
  size: 6_220_854,
  duration: null,
  frame_rate: null,
};
const INIT = ok({
  upload_id: 'u-1',
  part_size: 2_097_152,
  part_count: 1,
  parts: [],
  expires_at: '2026-12-01T00:00:00Z',
});

const notices = vi.fn();
beforeEach(() => registerNotifier({ open: notices }));
afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});
const noticed = (title: string) =>
  waitFor(() => expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title })));

const card = (kind: 'video' | 'logo') => within(screen.getByTestId(`startup-${kind}`));

describe('StartupMediaPanel', () => {
  it('previews the company’s video with what was measured, and offers a logo to upload', slow, async () => {
    signInAs(Role.owner, ['device', 'device:dev:info']);
    mockApi({ 'GET /manager/startup': () => ok({ video: VIDEO, logo: null } satisfies StartupSetting) });
    await renderPage(<StartupMediaPanel owner={{ company: true }} editable />, '/device/list');
    const video = await screen.findByLabelText('Startup video', { selector: 'video' }, slow);
    expect(video.getAttribute('src')).toBe(VIDEO.url);
    expect(card('video').getByText('welcome.mp4')).toBeTruthy();
    expect(card('video').getByText('1920 × 1080')).toBeTruthy();
    expect(card('video').getByText('9 s')).toBeTruthy();
    expect(card('video').getByText('25 fps')).toBeTruthy();
    expect(card('video').getByRole('button', { name: /Replace/ })).toBeTruthy();
    expect(card('logo').getByText('No startup logo')).toBeTruthy();
    expect(card('logo').getByRole('button', { name: /Upload/ })).toBeTruthy();
    expect(card('logo').queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it(
    'sends a logo through the startup upload and sets it; a refused one shows the rule it breaks',
    slow,
    async () => {
      signInAs(Role.owner, ['device', 'device:dev:info']);
      const refusal = 'The startup logo must be a 16-bit RGB565 or 24-bit RGB888 BMP.';
      let accept = false;
      const api = mockApi({
        'GET /manager/startup': () => ok({ video: null, logo: accept ? LOGO : null }),
        'POST /manager/startup/slice-upload-init': () => INIT,
        'POST /manager/startup/slice-upload': () => ok({ index: 0, received: 1 }),
        'PUT /manager/startup': () =>
          accept
            ? ok({ video: null, logo: LOGO })
            : { code: 400001, msg: refusal, data: { field: 'upload_id' } },
      });
      await renderPage(<StartupMediaPanel owner={{ company: true }} editable />, '/device/list');
      await screen.findByText('No startup logo', {}, slow);
      const chooser = screen.getByTestId('startup-logo-file');
      expect(chooser.getAttribute('accept')).toBe('.bmp,image/bmp');

      fireEvent.change(chooser, { target: { files: [new File([new Uint8Array(500)], 'logo-8bit.bmp')] } });
      expect(await card('logo').findByText(refusal, {}, slow)).toBeTruthy();
      expect(api.callsTo('POST /manager/startup/slice-upload-init')[0].body).toEqual({
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        size: 500,
        name: 'logo-8bit.bmp',
      });
      expect(api.callsTo('PUT /manager/startup')[0].body).toEqual({ kind: 'logo', upload_id: 'u-1' });

      accept = true;
      fireEvent.change(chooser, { target: { files: [new File([new Uint8Array(600)], 'logo.bmp')] } });
      await noticed('Startup logo saved');
      expect((await screen.findByRole('img', { name: 'Startup logo' })).getAttribute('src')).toBe(LOGO.url);
      expect(card('logo').queryByText(refusal)).toBeNull();
    },
  );

  it('removes the video after a confirmation', slow, async () => {
    signInAs(Role.owner, ['device', 'device:dev:info']);
    const api = mockApi({
      'GET /manager/startup': () => ok({ video: VIDEO, logo: LOGO }),
      'PUT /manager/startup': () => ok({ video: null, logo: LOGO }),
    });
    await renderPage(
      <>
        <ConfirmHost />
        <StartupMediaPanel owner={{ company: true }} editable />
      </>,
      '/device/list',
    );
    fireEvent.click(await card('video').findByRole('button', { name: /Remove/ }, slow));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await noticed('Startup video removed');
    expect(api.callsTo('PUT /manager/startup')[0].body).toEqual({ kind: 'video', upload_id: null });
    expect(await card('video').findByText('No startup video')).toBeTruthy();
  });

  it('reads a model’s own, and shows a member who is not the owner no buttons', slow, async () => {
    signInAs(Role.system, ['setting', 'setting:model-manage']);
    mockApi({ 'GET /manager/device-model/7/startup': () => ok({ video: null, logo: LOGO }) });
    await renderPage(<StartupMediaPanel owner={{ modelId: 7 }} editable={false} />, '/setting/model');
    expect((await screen.findByRole('img', { name: 'Startup logo' }, slow)).getAttribute('src')).toBe(
      LOGO.url,
    );
    expect(screen.getByText(/Screens of this model show these/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
