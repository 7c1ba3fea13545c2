import { fireEvent, screen } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs, userItem } from '../../../test/team';
import { CompanyDetail } from './CompanyDetail';

beforeEach(() => signInAs(Role.system, ['team', 'team:group:list']));
afterEach(() => vi.unstubAllGlobals());

// The first render loads messages and styles on a cold start: several seconds when the machine is busy.
describe('CompanyDetail', { timeout: 30_000 }, () => {
  it("reads the company's members, then its content when that tab is chosen", async () => {
    mockApi({
      'GET /manager/account/group/7/member-list': () =>
        ok({ list: [userItem({ username: 'grace' })], total: 1, total_capped: false }),
      'GET /manager/account/group/7/content': () =>
        ok({
          list: [
            {
              content_id: 3,
              name: 'Lobby loop',
              type: 1,
              size: 2048,
              group_id: 11,
              created_at: '2026-01-02T03:04:05Z',
            },
          ],
          total: 1,
        }),
    });
    await renderPage(<CompanyDetail companyId={7} />, '/group/7');

    expect(await screen.findByText('grace', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(queriesTo('/manager/account/group/7/member-list')[0]?.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('tab', { name: 'Content' }));
    expect(await screen.findByText('Lobby loop')).toBeTruthy();
    expect(queriesTo('/manager/account/group/7/content')[0]?.get('page_size')).toBe('10');
  });
});
