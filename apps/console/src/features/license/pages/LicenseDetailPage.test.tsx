import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DeviceItem, type LicenseKeyDetail, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { deviceItem } from '../../../test/device';
import { deviceLicense, poolItem } from '../../../test/license';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { LicenseDetailPage } from './LicenseDetailPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const KEY = '7K2Q-ABCD-EFGH-JKMN-PQRS-TVWX-0123-WXYZ';
const { quantity: _q, assigned: _a, unassigned: _u, available: _v, ...BATCH } = poolItem();
const DETAIL: LicenseKeyDetail = {
  id: 5,
  ...BATCH,
  hint: 'WXYZ',
  uses: 1,
  max_uses: 3,
  created_at: '2026-11-05T08:00:00.000Z',
  devices: [{ device_id: 21, device_name: 'Lobby', bound_at: '2026-11-06T08:00:00.000Z' }],
};
// The bar screen holds a trial licence; the key's batch is commercial.
const TRIAL: DeviceItem['license'] = {
  state: 'valid',
  license: deviceLicense({
    batch_id: 3,
    type: 'trial',
    batch_no: 'TRY-1',
    effect_days: 14,
    expires_at: '2026-11-15T08:00:00.000Z',
  }),
};

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/license/key': () => ok(DETAIL),
    'GET /manager/device': () =>
      ok({
        list: [
          deviceItem({ device_id: 21, device_name: 'Lobby', license: { state: 'none', license: null } }),
          deviceItem({ device_id: 22, device_name: 'Bar', license: TRIAL }),
        ],
        total: 2,
      }),
    ...extra,
  });
}

const page = () => renderPage(<LicenseDetailPage />, '/license/license-detail');

async function searchKey(key: string) {
  const field = await screen.findByLabelText('License key', {}, slow);
  fireEvent.change(field, { target: { value: key } });
  fireEvent.click(screen.getByRole('button', { name: /Search/ }));
}

beforeEach(() => registerNotifier({ open: notices }));

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('LicenseDetailPage', { timeout: 30_000 }, () => {
  it("shows a customer the key's batch, uses and the devices it bound, with nothing to bind", async () => {
    signInAs(Role.customer, ['license:key:list']);
    server();
    await page();
    expect(await screen.findByText('Search license', {}, slow)).toBeTruthy();
    await searchKey(` ${KEY.toLowerCase()} `);
    expect(await screen.findByText('Key details', {}, slow)).toBeTruthy();
    expect(queriesTo('/manager/license/key')[0].get('key')).toBe(KEY.toLowerCase());
    expect(screen.getByText('B-2026-07').getAttribute('dir')).toBe('ltr');
    expect(screen.getByText(/1 \/ 3/)).toBeTruthy();
    expect(screen.getByText('Lobby')).toBeTruthy();
    expect(screen.queryByText('Bind a license of this key')).toBeNull();
  });

  it('shows the server message for a wrong key and for too many of them', async () => {
    signInAs(Role.system, ['license:key:list']);
    let code = 400001;
    server({
      'GET /manager/license/key': () =>
        code === 400001
          ? { code, msg: 'This license key is not valid' }
          : { code, msg: 'Too many wrong license keys. Try again in 15 minutes' },
    });
    await page();
    expect(await screen.findByText('License details', {}, slow)).toBeTruthy();
    await searchKey('NOPE-NOPE');
    expect(await screen.findByText('This license key is not valid', {}, slow)).toBeTruthy();
    code = 429001;
    await searchKey('NOPE-AGAIN');
    expect(
      await screen.findByText('Too many wrong license keys. Try again in 15 minutes', {}, slow),
    ).toBeTruthy();
  });

  it('lets an owner bind by key, warned before a licence of another type is replaced', async () => {
    signInAs(Role.owner, ['license:key:list', 'device:dev:list']);
    const api = server({
      'POST /manager/license/key/bind': () =>
        ok({
          device_id: 22,
          license: { ...BATCH, bound_at: '2026-11-07T08:00:00.000Z', expires_at: null },
          replaced: TRIAL.license,
        }),
    });
    await page();
    expect(await screen.findByText('Bind license', {}, slow)).toBeTruthy();
    await searchKey(KEY);
    const card = (await screen.findByText('Bind a license of this key', {}, slow)).closest(
      '.ant-card',
    ) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Bind' }));
    expect(await within(card).findByText('This field is required')).toBeTruthy();
    expect(api.callsTo('POST /manager/license/key/bind')).toHaveLength(0);

    fireEvent.mouseDown(within(card).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Bar'));
    expect(
      await within(card).findByText(
        'This device holds a Trial license: binding a Commercial one replaces it.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Bind' }));
    await waitFor(() => expect(api.callsTo('POST /manager/license/key/bind')).toHaveLength(1));
    expect(api.callsTo('POST /manager/license/key/bind')[0].body).toEqual({ key: KEY, device_id: 22 });
    expect(await within(card).findByText('License bound to Bar')).toBeTruthy();
    expect(within(card).getByText(/batch .*B-2026-07.* \(Commercial\), with no expiry/)).toBeTruthy();
  });
});
