import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type OtaPackageItem, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { deviceModelItem } from '../../../test/device-model';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { PackagePage } from './PackagePage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const MD5 = '9e107d9d372bb6826bd81d3542a419d6';

const item = (overrides: Partial<OtaPackageItem> = {}): OtaPackageItem => ({
  id: 3,
  version: '2.1.0-beta.1',
  description: 'Faster start',
  builtin: false,
  md5: MD5,
  file_name: 'player.zip',
  size: 1_048_576,
  models: [{ id: 4, name: 'Lobby 55' }],
  created_by: 'Ada',
  created_at: '2026-11-05T08:00:00.000Z',
  ...overrides,
});
const builtin = item({
  id: 1,
  version: '1.21.13',
  builtin: true,
  md5: null,
  size: null,
  models: [],
  description: '',
  created_by: null,
});

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/ota/package': () => ok({ list: [item(), builtin], total: 2 }),
    'GET /manager/device-model': () => ok({ list: [deviceModelItem()], total: 1 }),
    ...extra,
  });
}

const page = (url = '/ota/package') =>
  renderPage(
    <>
      <ConfirmHost />
      <PackagePage />
    </>,
    url,
    '/ota/package',
  );

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.system, ['ota', 'ota:pkg:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('PackagePage', { timeout: 30_000 }, () => {
  it('lists packages newest version first: versions isolated, the MD5 as code, the built-in build without actions', async () => {
    server();
    await page('/ota/package?model_id=4');
    const row = (await screen.findByText('\u20662.1.0-beta.1\u2069', {}, slow)).closest('tr') as HTMLElement;
    expect(Object.fromEntries(queriesTo('/manager/ota/package')[0])).toEqual({
      model_id: '4',
      page: '1',
      page_size: '20',
    });
    expect(within(row).getByText(`\u2066${MD5}\u2069`).closest('code')).toBeTruthy();
    expect(within(row).getByText('Lobby 55')).toBeTruthy();
    expect(within(row).getByText('\u20661.0 MB\u2069')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete package 2.1.0-beta.1' })).toBeTruthy();
    const shipped = screen.getByText('\u20661.21.13\u2069').closest('tr') as HTMLElement;
    expect(within(shipped).getByText('Built in')).toBeTruthy();
    expect(within(shipped).getByText('Every browser player')).toBeTruthy();
    expect(within(shipped).queryByRole('button')).toBeNull();
    // Sorted by version, descending, unless the address says otherwise.
    expect(screen.getByRole('columnheader', { name: /Version/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('uploads the file in parts, then creates the package; the server’s refusal shows in the drawer', async () => {
    const refusal = "The file's MD5 does not match the code entered.";
    const api = server({
      'POST /manager/ota/package/slice-upload-init': () =>
        ok({
          upload_id: 'u-1',
          part_size: 2_097_152,
          part_count: 1,
          parts: [],
          expires_at: '2026-12-01T00:00:00Z',
        }),
      'POST /manager/ota/package/slice-upload': () => ok({ index: 0, received: 1 }),
      'POST /manager/ota/package': () => ({ code: 400001, msg: refusal, data: null }),
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /Upload package/ }, slow));
    type('version', '2.2');
    type('md5', 'xyz');
    fireEvent.click(document.getElementById('otaPackageFormSubmit') as HTMLElement);
    expect(await screen.findByText(/Enter the version as MAJOR.MINOR.PATCH/)).toBeTruthy();
    expect(await screen.findByText('The MD5 code is 32 hexadecimal characters')).toBeTruthy();
    expect(await screen.findByText('Select at least one device model')).toBeTruthy();
    expect(await screen.findByText('Please choose the package file')).toBeTruthy();

    type('version', '2.2.0');
    type('md5', MD5.toUpperCase());
    fireEvent.mouseDown(field('model_ids'));
    fireEvent.click(await screen.findByTitle('Lobby 55'));
    const file = new File([new Uint8Array(1000)], 'player-2.2.0.zip');
    fireEvent.change(screen.getByTestId('ota-package-input'), { target: { files: [file] } });
    expect(await screen.findByTestId('ota-package-file')).toBeTruthy();
    fireEvent.click(document.getElementById('otaPackageFormSubmit') as HTMLElement);

    expect(await screen.findByText(refusal, {}, slow)).toBeTruthy();
    expect(api.callsTo('POST /manager/ota/package/slice-upload-init')[0].body).toEqual({
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      size: 1000,
      name: 'player-2.2.0.zip',
    });
    expect(api.callsTo('POST /manager/ota/package/slice-upload')).toHaveLength(1);
    expect(api.callsTo('POST /manager/ota/package')[0].body).toEqual({
      version: '2.2.0',
      md5: MD5.toUpperCase(),
      description: '',
      model_ids: [4],
      upload_id: 'u-1',
    });
    expect(notices).not.toHaveBeenCalled();
  });

  it('deletes a package after the typed confirmation', async () => {
    const api = server({ 'DELETE /manager/ota/package': () => ok() });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete package 2.1.0-beta.1' }, slow));
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /manager/ota/package')[0]?.body).toEqual({ ids: [3] }));
  });
});
