import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DeviceItem, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { deviceItem } from '../../../test/device';
import { deviceLicense, poolItem } from '../../../test/license';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { CompanyPoolPage } from './CompanyPoolPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const POOL = [
  poolItem({
    validity_type: 'date',
    effect_days: null,
    expiration_date: '2027-03-31',
    quantity: 2,
    assigned: 0,
    unassigned: 2,
    available: 2,
  }),
];
// Each device of the list carries its licence: the lobby screen holds none, the bar one a trial.
const LOBBY = deviceItem({ device_id: 21, device_name: 'Lobby', license: { state: 'none', license: null } });
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
const BAR = deviceItem({ device_id: 22, device_name: 'Bar', license: TRIAL });

function server(pool = POOL, extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/license/company-shunt': () => ok({ list: pool }),
    'GET /manager/device': () => ok({ list: [LOBBY, BAR], total: 2 }),
    ...extra,
  });
}

const page = () => renderPage(<CompanyPoolPage />, '/license/commercial-owner');

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['license:company-shunt:list', 'device:dev:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('CompanyPoolPage', { timeout: 30_000 }, () => {
  it("shows the company's licences per batch, with a fixed last day isolated left to right", async () => {
    server();
    await page();
    const row = (await screen.findByText('B-2026-07', {}, slow)).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['B-2026-07', 'Commercial', 'Until \u20662027-03-31\u2069', '2', '0', '2', '2']);
  });

  it('says when the company has no licences yet', async () => {
    server([]);
    await page();
    expect(await screen.findByText('No licenses yet', {}, slow)).toBeTruthy();
  });

  it('shows which device holds which licence, and warns that binding replaces a trial', async () => {
    const api = server(POOL, {
      'POST /manager/license/bind': () =>
        ok({ device_id: 22, license: TRIAL.license, replaced: TRIAL.license }),
    });
    await page();
    const bar = (await screen.findByText('Bar', {}, slow)).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(bar).getByText('TRY-1')).toBeTruthy());
    expect(within(bar).getByText('Valid')).toBeTruthy();
    expect(within(bar).getByText(/11-15-2026/)).toBeTruthy();
    // The list's items carry the licences: no second call for them.
    expect(queriesTo('/manager/license/device')).toEqual([]);
    const lobby = screen.getByText('Lobby').closest('tr') as HTMLElement;
    expect(within(lobby).getByText('None')).toBeTruthy();

    fireEvent.click(within(bar).getByRole('button', { name: 'Bind a license to Bar' }));
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    expect(within(dialog).getByText(/holds a license of batch/)).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(/^B-2026-07/));
    expect(
      await within(dialog).findByText(
        'This device holds a Trial license: binding a Commercial one replaces it.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bind' }));
    await waitFor(() => expect(api.callsTo('POST /manager/license/bind')).toHaveLength(1));
    expect(api.callsTo('POST /manager/license/bind')[0].body).toEqual({ device_id: 22, batch_id: 7 });
    await waitFor(() => expect(notices.mock.calls.at(-1)?.[0].title).toBe('License bound to Bar'));
  });
});
