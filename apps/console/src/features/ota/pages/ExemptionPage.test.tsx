import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ExemptionItem, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { otaDeviceItem } from '../../../test/ota';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { ExemptionPage } from './ExemptionPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();

const item = (overrides: Partial<ExemptionItem> = {}): ExemptionItem => ({
  id: 5,
  validation: 'version',
  description: 'Roll the lobby back',
  devices: [{ id: 31, name: 'Lobby left', signage_id: 'AB12CD34' }],
  created_by: 'Ada',
  created_at: '2026-11-05T08:00:00.000Z',
  ...overrides,
});
const device = otaDeviceItem();

const server = (extra: Record<string, ApiHandler> = {}) =>
  mockApi({
    'GET /manager/ota/validation-exemption': () => ok({ list: [item()], total: 1 }),
    'GET /manager/ota/device': () => ok({ list: [device], total: 1, total_capped: false }),
    ...extra,
  });

const page = (url = '/ota/validation-exemption') =>
  renderPage(
    <>
      <ConfirmHost />
      <ExemptionPage />
    </>,
    url,
    '/ota/validation-exemption',
  );

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.system, ['ota', 'ota:custom-validation-rule:list', 'device:ota:list']);
});

afterEach(() => {
  registerNotifier(null);
  notices.mockReset();
});

describe('ExemptionPage', { timeout: 30_000 }, () => {
  it('lists exemptions with their validation and devices, filtered from the address', async () => {
    server();
    await page('/ota/validation-exemption?validation=version');
    const row = (await screen.findByText('Lobby left', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Version check')).toBeTruthy();
    expect(within(row).getByText('Roll the lobby back')).toBeTruthy();
    expect(queriesTo('/manager/ota/validation-exemption')[0].get('validation')).toBe('version');
  });

  it('creates an exemption for devices picked by search', async () => {
    const api = server({ 'POST /manager/ota/validation-exemption': () => ok(item({ id: 6 })) });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /Add exemption/ }, slow));
    fireEvent.click(document.getElementById('otaExemptionFormSubmit') as HTMLElement);
    expect(await screen.findByText('Please select at least one item')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Model check/ }));
    fireEvent.mouseDown(document.getElementById('devices') as HTMLElement);
    fireEvent.change(document.getElementById('devices') as HTMLElement, { target: { value: 'hall' } });
    await waitFor(() =>
      expect(queriesTo('/manager/ota/device').some((q) => q.get('keyword') === 'hall')).toBe(true),
    );
    fireEvent.click(await screen.findByTitle(/Hall screen/));
    fireEvent.change(document.getElementById('description') as HTMLElement, {
      target: { value: 'Test rig' },
    });
    fireEvent.click(document.getElementById('otaExemptionFormSubmit') as HTMLElement);
    await waitFor(() =>
      expect(api.callsTo('POST /manager/ota/validation-exemption')[0]?.body).toEqual({
        validation: 'model',
        device_ids: [42],
        description: 'Test rig',
      }),
    );
    await waitFor(() => expect(notices).toHaveBeenCalled());
  });

  it('deletes an exemption after the typed confirmation', async () => {
    const api = server({ 'DELETE /manager/ota/validation-exemption': () => ok() });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /Delete the exemption/ }, slow));
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE /manager/ota/validation-exemption')[0]?.body).toEqual({ ids: [5] }),
    );
  });
});
