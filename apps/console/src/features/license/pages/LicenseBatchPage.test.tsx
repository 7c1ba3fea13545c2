import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { batchItem, transfer } from '../../../test/license';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { LicenseBatchPage } from './LicenseBatchPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const BATCHES = [
  batchItem(),
  batchItem({
    batch_id: 8,
    batch_no: 'T-01',
    type: 'trial',
    validity_type: 'permanent',
    effect_days: null,
    quantity: 5,
    assigned: 5,
    unassigned: 0,
    available: 0,
  }),
];

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/license/batch': () => ok({ list: BATCHES, total: BATCHES.length }),
    'GET /manager/account/customer/all-list': () => ok([{ customer_id: 3, customer_name: 'Signs SI' }]),
    'GET /manager/license/health': () => ok({ abnormal: false, pools: [] }),
    ...extra,
  });
}

const page = (url = '/license/commercial-sy') =>
  renderPage(<LicenseBatchPage />, url, '/license/commercial-sy');
// The drawer holding the form whose title is shown.
const drawer = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement;

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.system, ['license:commercial:list', 'team:cus:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('LicenseBatchPage', { timeout: 30_000 }, () => {
  it('says the system licence is abnormal, and which pool disagrees with the ledger, only while one does', async () => {
    server({
      'GET /manager/license/health': () =>
        ok({
          abnormal: true,
          pools: [
            {
              holder_kind: 'customer',
              holder_id: 3,
              batch_id: 7,
              batch_no: 'B-2026-07',
              expected_received: 5,
              received: 5,
              expected_held: 5,
              held: 4,
            },
          ],
        }),
    });
    await page();
    expect(
      await screen.findByText('The system license is abnormal (contact the administrator)', {}, slow),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Customer #3, batch ⁦B-2026-07⁩: the ledger gives 5 held of 5 received, the pool shows 4 of 5.',
      ),
    ).toBeTruthy();
  });

  it('says nothing of the ledger while it balances', async () => {
    server();
    await page();
    await screen.findByText('B-2026-07', {}, slow);
    expect(screen.queryByText('The system license is abnormal (contact the administrator)')).toBeNull();
  });

  it('lists the batches with their type, validity and balances, and searches through the address', async () => {
    server();
    await page('/license/commercial-sy?keyword=B-2026');
    const row = (await screen.findByText('B-2026-07', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Commercial')).toBeTruthy();
    expect(within(row).getByText('365 days from binding')).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['3', '1', '2']));
    expect(within(row).getByText('B-2026-07').getAttribute('dir')).toBe('ltr');
    const trial = screen.getByText('T-01').closest('tr') as HTMLElement;
    expect(within(trial).getByText('Permanent')).toBeTruthy();
    // Nothing left to issue.
    expect(
      (within(trial).getByRole('button', { name: /Issue licenses of batch T-01/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(queriesTo('/manager/license/batch')[0].get('keyword')).toBe('B-2026');
  });

  it('checks a new batch as the server does, then creates it', async () => {
    const api = server({ 'POST /manager/license/batch': (body) => ok(batchItem(body as object)) });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /New batch/ }, slow));
    const form = await drawer('New batch');
    fireEvent.change(within(form).getByLabelText('Batch number'), { target: { value: 'B 1' } });
    fireEvent.click(within(form).getByLabelText('A number of days from binding'));
    fireEvent.change(await within(form).findByLabelText('Quantity'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The batch number has a space; days from binding are required for that validity.
    await waitFor(() =>
      expect(
        [...form.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent),
      ).toEqual([
        'Enter a batch number of up to 64 letters, digits, dots, hyphens or underscores',
        'Enter the number of days, from 1 to 36500',
      ]),
    );
    expect(api.callsTo('POST /manager/license/batch')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Batch number'), { target: { value: 'B-2026-12' } });
    fireEvent.change(within(form).getByLabelText('Days from binding'), { target: { value: '30' } });
    fireEvent.change(within(form).getByLabelText('Quantity'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /manager/license/batch')).toHaveLength(1));
    expect(api.callsTo('POST /manager/license/batch')[0].body).toEqual({
      type: 'commercial',
      batch_no: 'B-2026-12',
      validity_type: 'days',
      effect_days: 30,
      expiration_date: null,
      quantity: 50,
    });
  });

  it('issues no more than the batch has available to the chosen customer', async () => {
    const api = server({
      'POST /manager/license/batch/7/issue': () =>
        ok(transfer({ quantity: 2, to: { kind: 'customer', id: 3, name: 'Signs SI' } })),
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /Issue licenses of batch B-2026-07/ }, slow));
    const form = await drawer('Issue to customer');
    fireEvent.mouseDown(within(form).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Signs SI'));
    fireEvent.change(within(form).getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Issue' }));
    expect(await within(form).findByText('Only 2 licenses of this batch are available')).toBeTruthy();
    expect(api.callsTo('POST /manager/license/batch/7/issue')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(api.callsTo('POST /manager/license/batch/7/issue')).toHaveLength(1));
    expect(api.callsTo('POST /manager/license/batch/7/issue')[0].body).toEqual({
      customer_id: 3,
      quantity: 2,
    });
    await waitFor(() => expect(notices.mock.calls.at(-1)?.[0].title).toBe('2 licenses issued to Signs SI'));
  });

  it('makes a key of a batch, shows it once to copy, then only its hint and uses', async () => {
    const made = {
      id: 5,
      ...batchItem(),
      hint: 'WXYZ',
      uses: 0,
      max_uses: 4,
      created_by: 'admin',
      created_at: '2026-11-05T08:00:00.000Z',
    };
    let keys: (typeof made)[] = [];
    const api = server({
      'GET /manager/license/batch/7/key': () => ok({ list: keys }),
      'POST /manager/license/batch/7/key': () => {
        keys = [made];
        return ok({ ...made, key: '7K2Q-ABCD-EFGH-JKMN-PQRS-TVWX-0123-WXYZ' });
      },
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'License keys of batch B-2026-07' }, slow));
    const form = await drawer('License keys');
    expect(await within(form).findByText('No keys made for this batch yet')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Max use times'), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Make key' }));
    expect(await within(form).findByText('Enter the maximum use times, from 1 to 9999')).toBeTruthy();
    expect(api.callsTo('POST /manager/license/batch/7/key')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Max use times'), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Make key' }));
    await waitFor(() => expect(api.callsTo('POST /manager/license/batch/7/key')).toHaveLength(1));
    expect(api.callsTo('POST /manager/license/batch/7/key')[0].body).toEqual({ max_use_times: 4 });
    const key = await within(form).findByText('7K2Q-ABCD-EFGH-JKMN-PQRS-TVWX-0123-WXYZ');
    expect(key.getAttribute('dir')).toBe('ltr');
    expect(within(form).getByText(/Store this key now/)).toBeTruthy();
    // The list shows the key's last group and its uses, never the key.
    const row = (await within(form).findByText('…-WXYZ')).closest('tr') as HTMLElement;
    expect(within(row).getByText(/0 \/ 4/)).toBeTruthy();
  });
});
