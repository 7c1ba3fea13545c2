import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role, type SystemPropertyItem } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { SystemPropertyPage } from './SystemPropertyPage';

const slow = { timeout: 15_000 };
const PROPERTY: SystemPropertyItem = {
  id: 4,
  name: 'site_title',
  value: 'Acme Screens',
  customer_id: null,
  customer_name: null,
  updated_at: new Date().toISOString(),
};
const PROPERTIES = '/manager/sys/system-property';

const notices = vi.fn();
beforeEach(() => registerNotifier({ open: notices }));
afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});
const noticed = (title: string) =>
  waitFor(() => expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title })));

describe('SystemPropertyPage', () => {
  it('shows the system role each property, what it does and whose it is', slow, async () => {
    signInAs(Role.system, ['setting', 'setting:custom-domain-rule:list']);
    mockApi({
      [`GET ${PROPERTIES}`]: () =>
        ok({ list: [PROPERTY, { ...PROPERTY, id: 5, customer_id: 3, customer_name: 'Acme SI' }] }),
    });
    await renderPage(<SystemPropertyPage />, '/setting/system-property');
    expect(await screen.findAllByText('Acme Screens')).toHaveLength(2);
    expect(screen.getAllByText('The title of the login page and of the browser tab')).toHaveLength(2);
    expect(screen.getByText('Whole platform')).toBeTruthy();
    expect(screen.getByText('Acme SI')).toBeTruthy();
  });

  it("refuses an empty value before sending, and saves a customer's own", slow, async () => {
    signInAs(Role.customer, ['setting', 'setting:custom-domain-rule:list']);
    const api = mockApi({
      [`GET ${PROPERTIES}`]: () => ok({ list: [] }),
      [`POST ${PROPERTIES}`]: (body) => ok({ ...PROPERTY, ...(body as object), id: 9 }),
    });
    await renderPage(<SystemPropertyPage />, '/setting/system-property');
    expect(await screen.findByText('No system properties yet')).toBeTruthy();
    expect(screen.queryByText('Customer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Add property/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(drawer).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('support_email'));
    const value = within(drawer).getByLabelText('Value');
    fireEvent.change(value, { target: { value: '   ' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /Save/ }));
    expect(await within(drawer).findByText('Please input the value')).toBeTruthy();
    expect(api.callsTo(`POST ${PROPERTIES}`)).toHaveLength(0);

    fireEvent.change(value, { target: { value: 'help@acme.example' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.callsTo(`POST ${PROPERTIES}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${PROPERTIES}`)[0].body).toEqual({
      name: 'support_email',
      value: 'help@acme.example',
    });
    await noticed('Property saved');
  });

  it('deletes a property after asking', slow, async () => {
    signInAs(Role.customer, ['setting', 'setting:custom-domain-rule:list']);
    const api = mockApi({
      [`GET ${PROPERTIES}`]: () => ok({ list: [{ ...PROPERTY, customer_id: 3, customer_name: 'Acme SI' }] }),
      [`DELETE ${PROPERTIES}/4`]: () => ok(null),
    });
    await renderPage(
      <>
        <SystemPropertyPage />
        <ConfirmHost />
      </>,
      '/setting/system-property',
    );
    fireEvent.click(await screen.findByRole('button', { name: /Delete .*site_title/ }));
    await screen.findByText(/The platform's value applies again/);
    fireEvent.change(screen.getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${PROPERTIES}/4`)).toHaveLength(1));
    await noticed('Property deleted');
  });
});
