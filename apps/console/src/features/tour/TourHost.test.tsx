import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { signIn } from '../../lib/session';
import { loginResult } from '../../test/fixtures';
import { type ApiHandler, mockApi, ok } from '../../test/render';
import { TourButton } from './TourButton';
import { TourHost } from './TourHost';
import { NOTHING_DONE } from './tour-logic';

// The tour in the shell: where it starts, skip, reset from the top bar, the device path saving
// its flag, and the 30-second wait for an element (fake timers).

const GUIDE = '/manager/sys/guide';

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The menu anchors every page has, plus the devices list's add button and drawer. */
function Page({ anchors = true }: { anchors?: boolean }) {
  const [drawer, setDrawer] = useState(false);
  return (
    <>
      {anchors ? (
        <nav>
          <span id="route-Devices">Devices</span>
          <span id="route-Content">Content</span>
          <span id="route-Schedule">Schedule</span>
        </nav>
      ) : null}
      <button type="button" id="addDevice" onClick={() => setDrawer(true)}>
        Add
      </button>
      <div id="uploadContent">Drop files here</div>
      {drawer ? (
        <form>
          <input id="digitalSignageId" />
          <input id="deviceName" />
          <input id="group_id" />
          <input id="deviceAuthentication" />
        </form>
      ) : null}
      <Location />
    </>
  );
}

function server(progress = NOTHING_DONE, extra: Record<string, ApiHandler> = {}) {
  let saved = progress;
  return mockApi({
    ...extra,
    [`GET ${GUIDE}`]: () => ok({ user_guide: { value: saved } }),
    [`POST ${GUIDE}`]: (body) => {
      saved = (body as { user_guide: typeof saved }).user_guide;
      return ok({ user_guide: { value: saved } });
    },
  });
}

async function renderShell(url: string, { anchors = true } = {}) {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['tour']);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <TourButton color="black" />
        <TourHost mobile={false} />
        <Routes>
          <Route path="*" element={<Page anchors={anchors} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const firstLogin = (role: number = Role.owner) => signIn(loginResult({}, { role_id: role, login_times: 1 }));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('onboarding tour', () => {
  it('starts at Home on a first login, with the spec’s 75 % mask, and skipping saves all three flags', async () => {
    firstLogin();
    const api = server();
    await renderShell('/home');
    expect(await screen.findByText('1. Add a screen')).toBeTruthy();
    expect(document.querySelector('.ant-tour-mask')?.outerHTML).toContain('rgba(0, 0, 0, 0.75)');

    fireEvent.click(screen.getByRole('button', { name: 'Skip the tour' }));
    await waitFor(() =>
      expect(api.callsTo(`POST ${GUIDE}`).at(-1)?.body).toEqual({
        user_guide: { device: true, content: true, schedule: true },
      }),
    );
    await waitFor(() => expect(document.querySelector('.ant-tour:not(.ant-tour-hidden)')).toBeNull());
  });

  it('counts a user who logged in more than once as done, until the top bar’s icon asks for the tour again', async () => {
    signIn(loginResult({}, { role_id: Role.userAdmin, login_times: 5 }));
    const api = server();
    await renderShell('/device/list');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Your screens')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Take the guided tour' }));
    await waitFor(() =>
      expect(api.callsTo(`POST ${GUIDE}`).at(-1)?.body).toEqual({ user_guide: NOTHING_DONE }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
    expect(await screen.findByText('1. Add a screen')).toBeTruthy();
  });

  it('walks the device path, opening the drawer, and saves the device flag when it finishes', async () => {
    firstLogin();
    const api = server();
    await renderShell('/device/list');
    expect(await screen.findByText('Your screens')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Add a screen')).toBeTruthy();
    // Its Next clicks the add button: the drawer's fields come.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    for (const title of ['Signage ID', 'Screen name', 'Workspace']) {
      expect(await screen.findByText(title)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    }
    expect(await screen.findByText('PIN')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(api.callsTo(`POST ${GUIDE}`).at(-1)?.body).toEqual({
        user_guide: { device: true, content: false, schedule: false },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/content/image'));
  });

  it('treats a user-role account on the devices list as on Home', async () => {
    firstLogin(Role.user);
    server();
    await renderShell('/device/list');
    expect(await screen.findByText('1. Add a screen')).toBeTruthy();
  });

  it('starts on the content page only once the device step is done', async () => {
    firstLogin();
    server({ device: true, content: false, schedule: false });
    await renderShell('/content/image');
    // The content page's upload area is not in this fake page: the menu step shows first.
    expect(await screen.findByText('Your content')).toBeTruthy();
  });

  it('holds the content tour on the upload area until something is uploaded, then leads to the schedule', async () => {
    firstLogin();
    let total = 0;
    const api = server(
      { device: true, content: false, schedule: false },
      { 'GET /manager/resource': () => ok({ list: [], total }) },
    );
    const client = await renderShell('/content/image');
    expect(await screen.findByText('Your content')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'Drop files here or click to choose them. Once one is uploaded, Next takes you on to scheduling it.',
      ),
    ).toBeTruthy();
    // Nothing uploaded: no Next (the schedule's content step would be empty), only back and skip.
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
    expect(api.callsTo('GET /manager/resource').length).toBeGreaterThan(0);

    // An upload finishes: the content lists are refreshed, and the tour goes on.
    total = 1;
    await act(() => client.invalidateQueries({ queryKey: ['content'] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Now schedule it')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(api.callsTo(`POST ${GUIDE}`).at(-1)?.body).toEqual({
        user_guide: { device: true, content: true, schedule: false },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/schedule/add'));
  });

  it('waits up to 30 s for its element, polling, then closes itself', async () => {
    firstLogin();
    server();
    await renderShell('/home', { anchors: false });
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.queryByText('1. Add a screen')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_200));
    // Closed: an element appearing later no longer brings it back on this page.
    const late = document.createElement('span');
    late.id = 'route-Devices';
    document.body.append(late);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.queryByText('1. Add a screen')).toBeNull();
    late.remove();
  });

  it('shows the step as soon as a late element appears within the 30 s', async () => {
    firstLogin();
    server();
    await renderShell('/home', { anchors: false });
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    const late = document.createElement('span');
    late.id = 'route-Devices';
    document.body.append(late);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(await screen.findByText('1. Add a screen')).toBeTruthy();
    late.remove();
  });
});
