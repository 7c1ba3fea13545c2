import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { TrialPage } from './TrialPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const TERMS = { days: 30, limit: 10 };
const usage = (used: number, limit = 10) => ({
  list: [{ company_id: 5, company_name: 'Harbour Cafe', used, limit }],
  total: 1,
});
const field = (id: string) => document.getElementById(id) as HTMLInputElement;

const page = () => renderPage(<TrialPage />, '/license/trial');

beforeEach(() => registerNotifier({ open: notices }));

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('TrialPage', { timeout: 30_000 }, () => {
  it('lets a system role change the terms and search the companies’ usage', async () => {
    signInAs(Role.system, ['license:trial:info']);
    const api = mockApi({
      'GET /manager/license/trial': () => ok(TERMS),
      'PUT /manager/license/trial': (body) => ok(body),
      'GET /manager/license/trial/usage': () => ok(usage(3)),
    });
    await page();
    const row = (await screen.findByText('Harbour Cafe', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText(/3 of 10/)).toBeTruthy();
    await waitFor(() => expect(field('trialDays').value).toBe('30'));

    fireEvent.change(field('trialLimit'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/license/trial')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/license/trial')[0].body).toEqual({ days: 30, limit: 2 });
    await waitFor(() => expect(notices.mock.calls.at(-1)?.[0].title).toBe('Trial terms saved'));

    fireEvent.change(document.getElementById('trial-usage-search') as HTMLElement, {
      target: { value: 'harb' },
    });
    fireEvent.keyDown(document.getElementById('trial-usage-search') as HTMLElement, { key: 'Enter' });
    await waitFor(() =>
      expect(queriesTo('/manager/license/trial/usage').at(-1)?.get('keyword')).toBe('harb'),
    );
  });

  it('shows an owner the terms read-only, its usage, its devices on trial, and what to do when none are left', async () => {
    signInAs(Role.owner, ['license:trial:info']);
    mockApi({
      'GET /manager/license/trial': () => ok(TERMS),
      'GET /manager/license/trial/usage': () => ok(usage(10)),
      'GET /manager/license/trial/device': () =>
        ok({
          list: [{ device_id: 21, device_name: 'Lobby', expires_at: '2026-12-01T08:00:00.000Z' }],
          total: 1,
        }),
    });
    await page();
    expect(await screen.findByText('Lobby', {}, slow)).toBeTruthy();
    expect(await screen.findByText('Trials exhausted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bind a license' }).getAttribute('href')).toBe(
      '/license/commercial-owner',
    );
    expect(screen.getAllByText(/10 of 10/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(field('trialDays')).toBeNull();
  });
});
