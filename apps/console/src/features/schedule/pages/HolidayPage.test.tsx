import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { holiday } from '../../../test/schedule';
import { queriesTo, signInAs } from '../../../test/team';
import { HolidayPage } from './HolidayPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const THIS_YEAR = dayjs().year();

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/holiday': () =>
      ok({ list: [holiday(), holiday({ id: 4, name: 'New year', date: '2026-01-01' })], total: 2 }),
    ...extra,
  });
}

const page = (url = '/setting/exclude-data') =>
  renderPage(
    <>
      <ConfirmHost />
      <HolidayPage />
    </>,
    url,
    '/setting/exclude-data',
  );

/** The open drawer (its title names it). */
const drawer = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement;

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['setting', 'setting:holiday:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('HolidayPage', { timeout: 60_000 }, () => {
  it('lists the holidays of the year in the address, and moves between years', async () => {
    server();
    await page('/setting/exclude-data?year=2026');
    const row = (await screen.findByText('Christmas', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('2026-12-25')).toBeTruthy();
    expect(within(row).getByText('Friday')).toBeTruthy();
    expect(Object.fromEntries(queriesTo('/manager/holiday')[0])).toEqual({
      year: '2026',
      page: '1',
      page_size: '200',
      sort: 'date,asc',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next year' }));
    await waitFor(() => expect(queriesTo('/manager/holiday').at(-1)?.get('year')).toBe('2027'));
    fireEvent.click(screen.getByRole('button', { name: 'Previous year' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous year' }));
    await waitFor(() => expect(queriesTo('/manager/holiday').at(-1)?.get('year')).toBe('2025'));
  });

  it('starts at the current year', async () => {
    server();
    await page();
    await screen.findByText('Christmas', {}, slow);
    expect(queriesTo('/manager/holiday')[0].get('year')).toBe(String(THIS_YEAR));
  });

  it('adds a holiday, showing the refusal of a date already taken', async () => {
    let taken = true;
    const api = server({
      'POST /manager/holiday': (body) => {
        if (taken) {
          taken = false;
          return { code: 409006, msg: 'The time already exists.' };
        }
        return ok({ id: 9, created_at: '2026-11-25T10:00:00.000Z', ...(body as object) });
      },
    });
    await page();
    await screen.findByText('Christmas', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: /Add holiday/ }));
    const form = await drawer('Add holiday');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Please input the name')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: ' Founders day ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The time already exists.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /manager/holiday')).toHaveLength(2));
    expect(api.callsTo('POST /manager/holiday')[1].body).toEqual({
      name: 'Founders day',
      date: dayjs().format('YYYY-MM-DD'),
    });
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Holiday saved' })),
    );
  });

  it('renames a holiday, and deletes one after DELETE is typed', async () => {
    const api = server({
      'PUT /manager/holiday/3': (body) => ok({ ...holiday(), ...(body as object) }),
      'DELETE /manager/holiday/4': () => ok(),
    });
    await page('/setting/exclude-data?year=2026');
    await screen.findByText('Christmas', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Christmas' }));
    const form = await drawer('Edit holiday');
    const name = within(form).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Christmas');
    fireEvent.change(name, { target: { value: 'Christmas Day' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/holiday/3')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/holiday/3')[0].body).toEqual({
      name: 'Christmas Day',
      date: '2026-12-25',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete New year' }));
    const input = await screen.findByPlaceholderText('DELETE');
    fireEvent.change(input, { target: { value: 'DELETE' } });
    const confirm = within(input.closest('.ant-modal') as HTMLElement).getByRole('button', {
      name: 'Delete',
    }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('DELETE /manager/holiday/4')).toHaveLength(1));
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Holiday deleted' })),
    );
  });
});
