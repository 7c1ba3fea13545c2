import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { deviceItem } from '../../../test/device';
import { presetApplication, presetItem } from '../../../test/preset';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { PresetListPage } from './PresetListPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();

function server() {
  return mockApi({
    'GET /manager/preset': () =>
      ok({
        list: [
          presetItem(),
          presetItem({
            id: 14,
            name: 'Paris',
            properties: { ...presetItem().properties, timezone: 'Europe/Paris', screenshot_interval: 1 },
          }),
        ],
        total: 2,
      }),
    'POST /manager/preset': () => ok(presetItem({ id: 13, name: 'Night' })),
    'GET /manager/device': () =>
      ok({
        list: [
          deviceItem({ group_id: 1 }),
          deviceItem({ device_id: 32, device_name: 'Hall screen', signage_id: 'P2QW8E', group_id: 2 }),
        ],
        total: 2,
        total_capped: false,
      }),
    'GET /manager/preset/12/apply': () =>
      ok({
        list: [
          presetApplication({
            id: 4,
            source: 'pairing',
            created_by_name: null,
            devices: [
              { device_id: 33, device_name: 'New screen', signage_id: 'Z9Y8X7', state: 'sent', result: null },
            ],
          }),
          presetApplication(),
        ],
      }),
    'POST /manager/preset/12/apply': () => ok(presetApplication()),
  });
}

const page = () => renderPage(<PresetListPage />, '/device/preset-setting', '/device/preset-setting');

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['device', 'device:preset-prop:list', 'device:dev:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('PresetListPage', { timeout: 30_000 }, () => {
  it('lists the presets with what they set', async () => {
    server();
    await page();
    const row = (await screen.findByText('Evening', {}, slow)).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Head office');
    expect(row.textContent).toContain('Brightness');
    expect(row.textContent).toContain('40%');
    expect(row.textContent).toContain('Volume');
    const paris = screen.getByText('Paris').closest('tr') as HTMLElement;
    expect(paris.textContent).toContain('Time zone \u2066Europe/Paris\u2069');
    expect(paris.textContent).toContain('Screenshot every minute');
    // The total as the other lists write it (it said '1 presets').
    expect(screen.getByText('2 in total')).toBeTruthy();
  });

  it('asks for a property, then saves only the properties turned on', async () => {
    const api = server();
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /New preset/ }, slow));
    await screen.findByRole('dialog');
    fireEvent.change(document.getElementById('name') as HTMLElement, { target: { value: 'Night' } });
    fireEvent.click(document.getElementById('presetFormSubmit') as HTMLElement);
    expect(await screen.findByText('Choose at least one property for the preset', {}, slow)).toBeTruthy();
    expect(api.callsTo('POST /manager/preset')).toHaveLength(0);

    fireEvent.click(screen.getByRole('switch', { name: 'Set Brightness' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Set Time zone' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Set Screen capture' }));
    fireEvent.change(await screen.findByLabelText('Capture every'), { target: { value: '30' } });
    fireEvent.click(document.getElementById('presetFormSubmit') as HTMLElement);
    await waitFor(() => expect(api.callsTo('POST /manager/preset')).toHaveLength(1), slow);
    expect(api.callsTo('POST /manager/preset')[0].body).toEqual({
      name: 'Night',
      model_id: null,
      auto_apply: false,
      properties: {
        brightness: 80,
        sound: null,
        orientation: null,
        // A new one starts from the browser's zone.
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        screenshot_interval: 30,
        timers: null,
        default_program: null,
        lock: null,
      },
    });
  });

  it('applies a preset to chosen screens and shows each screen’s result', async () => {
    const api = server();
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /Apply Evening/ }, slow));
    const history = await screen.findByRole('region', { name: 'History' }, slow);
    expect(await within(history).findByText('Confirmed', {}, slow)).toBeTruthy();
    expect(within(history).getByText('Offline, skipped')).toBeTruthy();
    // Applied as a screen was paired (auto-apply): said so, with that screen's result.
    const pairing = within(history)
      .getByText(/On pairing/)
      .closest('li') as HTMLElement;
    expect(within(pairing).getByText(/New screen/)).toBeTruthy();
    expect(within(pairing).getByText('Sent')).toBeTruthy();

    const picker = within(await screen.findByRole('dialog')).getByRole('combobox');
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByTitle('Lobby screen (K7MX2Q)', {}, slow));
    fireEvent.click(document.getElementById('presetApplyFormSubmit') as HTMLElement);
    await waitFor(() => expect(api.callsTo('POST /manager/preset/12/apply')).toHaveLength(1), slow);
    expect(api.callsTo('POST /manager/preset/12/apply')[0].body).toEqual({ device_ids: [31] });
  });
});
