import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '../../../test/render';
import { RegisterActivePage } from './RegisterActivePage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RegisterActivePage', () => {
  it('activates the account once and links to the login', async () => {
    const api = mockApi({ 'POST /account/register-active/c1': () => ok({ email: 'ada@example.com' }) });
    await renderPage(<RegisterActivePage />, '/register/active?code=c1');
    expect(await screen.findByText('Your account is activated')).toBeTruthy();
    expect(screen.getByText('ada@example.com can now log in.')).toBeTruthy();
    expect(api.callsTo('POST /account/register-active/c1')).toHaveLength(1);
  });

  it.each([
    [400002, 'Invalid link, please check the link again.'],
    [400003, 'The link has expired. Please request a new link.'],
  ])('shows the message of code %i', async (code, message) => {
    mockApi({ 'POST /account/register-active/c1': () => ({ code, msg: 'from the server' }) });
    await renderPage(<RegisterActivePage />, '/register/active?code=c1');
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('calls a link without a code invalid without asking the server', async () => {
    const api = mockApi({});
    await renderPage(<RegisterActivePage />, '/register/active');
    expect(await screen.findByText('Invalid link, please check the link again.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
