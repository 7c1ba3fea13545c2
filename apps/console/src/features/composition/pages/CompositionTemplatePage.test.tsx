import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { templateItem } from '../../../test/composition';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { CompositionTemplatePage } from './CompositionTemplatePage';

const slow = { timeout: 15_000 };
const OWN = templateItem({ id: 9, key: null, name: 'Our lobby', shipped: false });

const page = () =>
  renderPage(
    <>
      <ConfirmHost />
      <CompositionTemplatePage />
    </>,
    '/content/composition-template',
  );

beforeEach(() => {
  registerNotifier({ open: vi.fn() });
  signInAs(Role.owner, ['res', 'res:com-temp:list', 'res:composition:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
});

describe('CompositionTemplatePage', { timeout: 40_000 }, () => {
  it('shows shipped templates by their translated name and starts a composition from one', async () => {
    mockApi({ 'GET /manager/composition-template': () => ok({ list: [templateItem(), OWN], total: 2 }) });
    await page();
    expect(await screen.findByText('Main and ticker', {}, slow)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Layout of Our lobby' })).toBeTruthy();
    const shown = within(document.querySelector('.ant-segmented') as HTMLElement);
    fireEvent.click(shown.getByText('Own'));
    await waitFor(() => expect(screen.queryByText('Main and ticker')).toBeNull());
    fireEvent.click(shown.getByText('All'));
    fireEvent.click(await screen.findByRole('button', { name: 'Use the template Main and ticker' }));
    expect(screen.getByTestId('location').textContent).toBe('/content/composition-list?edit=new&template=3');
  });

  it('deletes only own templates', async () => {
    const api = mockApi({
      'GET /manager/composition-template': () => ok({ list: [templateItem(), OWN], total: 2 }),
      'DELETE /manager/composition-template/9': () => ok(),
    });
    await page();
    await screen.findByText('Our lobby', {}, slow);
    expect(screen.queryByRole('button', { name: 'Delete the template Main and ticker' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete the template Our lobby' }));
    fireEvent.change(await screen.findByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    const dialog = screen.getByText(/Delete the template “Our lobby”/).closest('.ant-modal') as HTMLElement;
    const confirm = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('DELETE /manager/composition-template/9')).toHaveLength(1));
  });
});
