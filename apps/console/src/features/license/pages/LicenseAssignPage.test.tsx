import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { poolItem, transfer } from '../../../test/license';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { CustomerPoolPage } from './CustomerPoolPage';
import { LicenseAssignPage } from './LicenseAssignPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const COMPANY = { company_id: 9, company_name: 'Harbor Cafés' };

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/license/shunt': () =>
      ok({ list: [poolItem(), poolItem({ batch_id: 8, batch_no: 'B-0', available: 0 })] }),
    'GET /manager/account/group': () => ok({ list: [COMPANY], total: 1 }),
    ...extra,
  });
}

const assignPage = (url = '/license/assign/7') =>
  renderPage(
    <>
      <ConfirmHost />
      <LicenseAssignPage />
    </>,
    url,
    '/license/assign/:id',
  );

async function fillAndConfirm(quantity: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', {}, slow));
  fireEvent.click(await screen.findByTitle('Harbor Cafés'));
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: quantity } });
  fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
  const title = await screen.findByText('Assign licenses?', { selector: '.ant-modal-confirm-title' });
  const dialog = title.closest('.ant-modal') as HTMLElement;
  expect(dialog.textContent).toContain(`Assign ${quantity} licenses of batch`);
  expect(dialog.textContent).toContain('to Harbor Cafés? This cannot be undone.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
}

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.customer, ['license:shunt:list', 'team:group:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('CustomerPoolPage', { timeout: 30_000 }, () => {
  it("shows the customer's pool per batch and leads to the assignment form of a batch", async () => {
    server();
    await renderPage(<CustomerPoolPage />, '/license/commercial-cus');
    const row = (await screen.findByText('B-2026-07', {}, slow)).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['B-2026-07', 'Commercial', '365 days from binding', '3', '1', '2', '2', 'Assign to company']);
    const empty = screen.getByText('B-0').closest('tr') as HTMLElement;
    expect((within(empty).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      within(row).getByRole('button', { name: 'Assign licenses of batch B-2026-07 to a company' }),
    );
    expect((await screen.findByTestId('location')).textContent).toBe('/license/assign/7');
  });
});

describe('LicenseAssignPage', { timeout: 30_000 }, () => {
  it('says assigning is irreversible, asks once more, assigns and returns to the pool', async () => {
    const api = server({ 'POST /manager/license/assign': () => ok(transfer()) });
    await assignPage();
    expect(await screen.findByText(/Assigning is irreversible/, {}, slow)).toBeTruthy();
    await fillAndConfirm('2');
    await waitFor(() => expect(api.callsTo('POST /manager/license/assign')).toHaveLength(1));
    expect(api.callsTo('POST /manager/license/assign')[0].body).toEqual({
      batch_id: 7,
      company_id: 9,
      quantity: 2,
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/license/commercial-cus');
    expect(notices.mock.calls.at(-1)?.[0].title).toBe('2 licenses assigned to Harbor Cafés');
  });

  it("shows the server's refusal above the form and stays", async () => {
    const api = server({
      'POST /manager/license/assign': () => ({ code: 409007, msg: 'Insufficient number of licenses.' }),
    });
    await assignPage();
    await fillAndConfirm('5');
    await waitFor(() => expect(api.callsTo('POST /manager/license/assign')).toHaveLength(1));
    expect(await screen.findByText('Insufficient number of licenses.')).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('says so when the batch is not in the pool', async () => {
    server();
    await assignPage('/license/assign/99');
    expect(await screen.findByText('Your pool has no such batch', {}, slow)).toBeTruthy();
  });
});
