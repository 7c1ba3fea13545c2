import { screen, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { poolItem } from '../../../test/license';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { CompanyPoolPage } from './CompanyPoolPage';

beforeEach(() => signInAs(Role.owner, ['license:company-shunt:list']));
afterEach(() => vi.unstubAllGlobals());

describe('CompanyPoolPage', { timeout: 30_000 }, () => {
  it("shows the company's licences per batch, with a fixed last day isolated left to right", async () => {
    mockApi({
      'GET /manager/license/company-shunt': () =>
        ok({
          list: [
            poolItem({
              validity_type: 'date',
              effect_days: null,
              expiration_date: '2027-03-31',
              quantity: 2,
              assigned: 0,
              unassigned: 2,
              available: 2,
            }),
          ],
        }),
    });
    await renderPage(<CompanyPoolPage />, '/license/commercial-owner');
    const row = (await screen.findByText('B-2026-07', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['B-2026-07', 'Commercial', 'Until \u20662027-03-31\u2069', '2', '0', '2', '2']);
  });

  it('says when the company has no licences yet', async () => {
    mockApi({ 'GET /manager/license/company-shunt': () => ok({ list: [] }) });
    await renderPage(<CompanyPoolPage />, '/license/commercial-owner');
    expect(await screen.findByText('No licenses yet', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
