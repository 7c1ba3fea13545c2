import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type CustomDomainItem, Role } from '@vitrine/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { CustomDomainPage } from './CustomDomainPage';

const slow = { timeout: 15_000 };
const DOMAIN: CustomDomainItem = {
  id: 7,
  host: 'signage.acme.example',
  customer_id: 3,
  customer_name: 'Acme SI',
  created_at: new Date().toISOString(),
};

afterEach(() => vi.unstubAllGlobals());

describe('CustomDomainPage', () => {
  it('shows the system role each domain with its customer', slow, async () => {
    signInAs(Role.system, ['setting', 'setting:custom-domain-rule:list']);
    mockApi({ 'GET /manager/sys/custom-domain': () => ok({ list: [DOMAIN] }) });
    await renderPage(<CustomDomainPage />, '/setting/custom-domain');
    expect(await screen.findByText('signage.acme.example')).toBeTruthy();
    expect(screen.getByText('Acme SI')).toBeTruthy();
  });

  it(
    "refuses a host with a port before sending, and sends a customer's new host (the server lowercases it)",
    slow,
    async () => {
      signInAs(Role.customer, ['setting', 'setting:custom-domain-rule:list']);
      const api = mockApi({
        'GET /manager/sys/custom-domain': () => ok({ list: [] }),
        'POST /manager/sys/custom-domain': (body) => ok({ ...DOMAIN, ...(body as object) }),
      });
      await renderPage(<CustomDomainPage />, '/setting/custom-domain');
      expect(screen.queryByText('Customer')).toBeNull();
      fireEvent.click(await screen.findByRole('button', { name: /Add domain/ }));
      const host = await screen.findByLabelText('Host name');
      fireEvent.change(host, { target: { value: 'signage.acme.example:8443' } });
      fireEvent.click(screen.getByRole('button', { name: /Save/ }));
      expect(await screen.findByText('Enter the host name without a port (no “:”)')).toBeTruthy();
      expect(api.callsTo('POST /manager/sys/custom-domain')).toHaveLength(0);

      fireEvent.change(host, { target: { value: 'Signage.Acme.Example' } });
      fireEvent.click(screen.getByRole('button', { name: /Save/ }));
      await waitFor(() => expect(api.callsTo('POST /manager/sys/custom-domain')).toHaveLength(1));
      expect(api.callsTo('POST /manager/sys/custom-domain')[0].body).toEqual({
        host: 'Signage.Acme.Example',
      });
    },
  );
});
