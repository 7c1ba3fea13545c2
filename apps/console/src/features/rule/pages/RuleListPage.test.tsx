import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { deviceItem } from '../../../test/device';
import { mockApi, ok, renderPage } from '../../../test/render';
import { ruleFiring, ruleItem } from '../../../test/rule';
import { signInAs } from '../../../test/team';
import { RuleListPage } from './RuleListPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();

function server() {
  return mockApi({
    'GET /manager/rule': () => ok({ list: [ruleItem()], total: 1 }),
    'POST /manager/rule': () => ok(ruleItem({ id: 22, name: 'Night' })),
    'PUT /manager/rule/21/enabled': () => ok(ruleItem({ enabled: false })),
    'GET /manager/rule/21/firings': () => ok({ list: [ruleFiring()], total: 1 }),
    'GET /manager/iot-device': () => ok({ list: [], total: 0 }),
    'GET /manager/device': () => ok({ list: [deviceItem({ group_id: 1 })], total: 1, total_capped: false }),
  });
}

const page = () => renderPage(<RuleListPage />, '/device/rule', '/device/rule');

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['device', 'device:scene:list', 'device:dev:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('RuleListPage', { timeout: 30_000 }, () => {
  it('lists the rules with their trigger, actions and screens, turns one off and shows its history', async () => {
    const api = server();
    await page();
    const row = (await screen.findByText('Evening dim', {}, slow)).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Monday to Friday at');
    expect(row.textContent).toContain('19:30');
    expect(row.textContent).toContain('Brightness');
    expect(row.textContent).toContain('Lobby screen');
    fireEvent.click(within(row).getByRole('switch', { name: 'Turn Evening dim on or off' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/rule/21/enabled')).toHaveLength(1), slow);
    expect(api.callsTo('PUT /manager/rule/21/enabled')[0].body).toEqual({ enabled: false });

    fireEvent.click(within(row).getByRole('button', { name: 'History of Evening dim' }));
    const history = await screen.findByRole('region', { name: 'Firings' }, slow);
    expect(await within(history).findByText('Done', {}, slow)).toBeTruthy();
    expect(history.textContent).toContain('On the screen');
  });

  it('refuses to save a rule without an action', async () => {
    const api = server();
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /New rule/ }, slow));
    await screen.findByRole('dialog');
    fireEvent.change(document.getElementById('name') as HTMLElement, { target: { value: 'Night' } });
    fireEvent.click(document.getElementById('ruleFormSubmit') as HTMLElement);
    expect(await screen.findByText('Choose at least one action (at most 8)', {}, slow)).toBeTruthy();
    expect(api.callsTo('POST /manager/rule')).toHaveLength(0);
  });
});
