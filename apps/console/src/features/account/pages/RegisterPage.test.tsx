import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '../../../test/render';
import { RegisterPage } from './RegisterPage';

const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });

function fill() {
  type('email', 'ada@example.com');
  type('username', 'Ada');
  type('company_name', 'Analytical Engines');
  type('password', 'Strong-pass1');
  type('confirm_password', 'Strong-pass1');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RegisterPage', () => {
  it('registers once the terms are accepted, then asks to check the mailbox', async () => {
    const api = mockApi({ 'POST /account/register': () => ok() });
    await renderPage(<RegisterPage />, '/register');
    fill();
    fireEvent.click(document.getElementById('register')!);
    expect(
      await screen.findByText('Please read and accept the user agreement and privacy policy.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /account/register')).toHaveLength(0);

    fireEvent.click(document.getElementById('accept_terms')!);
    fireEvent.click(document.getElementById('register')!);
    expect(await screen.findByText('Check your mailbox')).toBeTruthy();
    expect(screen.getByText(/We have sent an activation link to ada@example.com/)).toBeTruthy();
    expect(api.callsTo('POST /account/register')[0].body).toEqual({
      email: 'ada@example.com',
      username: 'Ada',
      company_name: 'Analytical Engines',
      password: 'Strong-pass1',
      confirm_password: 'Strong-pass1',
      accept_terms: true,
    });
  });

  it("shows the server's refusal", async () => {
    mockApi({
      'POST /account/register': () => ({ code: 409002, msg: 'This email address is already registered.' }),
    });
    await renderPage(<RegisterPage />, '/register');
    fill();
    fireEvent.click(document.getElementById('accept_terms')!);
    fireEvent.click(document.getElementById('register')!);
    expect(await screen.findByText('This email address is already registered.')).toBeTruthy();
  });

  it('says registration is closed, with no form, when the platform closed it', async () => {
    mockApi({ 'GET /account/register': () => ok({ open: false }) });
    await renderPage(<RegisterPage />, '/register');
    expect(await screen.findByText('Registration is closed')).toBeTruthy();
    expect(document.getElementById('register')).toBeNull();
  });
});
