import { screen, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { ContentErrorPage } from './ContentErrorPage';

const slow = { timeout: 15_000 };

beforeEach(() => {
  signInAs(Role.owner, ['notice:error-content-logs']);
});

describe('ContentErrorPage', { timeout: 60_000 }, () => {
  it('lists what the screens could not show, filtered in the address', async () => {
    mockApi({
      'GET /manager/notice/content-error': () =>
        ok({
          list: [
            {
              id: 1,
              device_id: 5,
              device_name: 'Lobby screen',
              content_id: 11,
              content_name: 'Spring sale.mp4',
              content_type: 2,
              item_key: 'z1/0',
              reason: 'decode',
              message: 'MEDIA_ERR_DECODE',
              created_at: '2026-11-20T08:00:00.000Z',
            },
          ],
          total: 1,
        }),
      'GET /manager/statistics/choices': () => ok({ list: [] }),
    });
    await renderPage(
      <ContentErrorPage />,
      '/notice/content-error?days=30&keyword=lobby',
      '/notice/content-error',
    );
    const line = (await screen.findByText('Lobby screen', {}, slow)).closest('tr') as HTMLElement;
    expect(within(line).getByText('Spring sale.mp4')).toBeTruthy();
    expect(within(line).getByText('Video')).toBeTruthy();
    expect(within(line).getByText('Could not decode')).toBeTruthy();
    expect(within(line).getByText('MEDIA_ERR_DECODE')).toBeTruthy();
    const sent = queriesTo('/manager/notice/content-error').at(-1) as URLSearchParams;
    expect(sent.get('days')).toBe('30');
    expect(sent.get('keyword')).toBe('lobby');
  });
});
