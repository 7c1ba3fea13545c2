import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../lib/notify';
import { ConfirmHost, confirmAction, confirmDelete } from './confirm';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('confirm dialogs', () => {
  it('asks "Are you sure delete" and enables OK only once DELETE is typed', async () => {
    const onOk = vi.fn();
    render(<ConfirmHost />);
    act(() => confirmDelete({ content: 'Screen "Lobby" will be removed.', onOk }));
    expect((await screen.findAllByText('Are you sure delete')).length).toBeGreaterThan(0);
    expect(button('Delete').disabled).toBe(true);

    const input = screen.getByPlaceholderText('DELETE');
    fireEvent.change(input, { target: { value: 'delete' } });
    expect(button('Delete').disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'DELETE' } });
    await waitFor(() => expect(button('Delete').disabled).toBe(false));
    fireEvent.click(button('Delete'));
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
  });

  it('says the deletion is done once onOk has deleted, not before', async () => {
    const notices = vi.fn();
    registerNotifier({ open: notices });
    let deleted: () => void = () => undefined;
    const onOk = vi.fn(() => new Promise<void>((resolve) => (deleted = resolve)));
    render(<ConfirmHost />);
    act(() => confirmDelete({ content: 'Rule "Day" will be removed.', onOk, doneText: 'Deleted' }));
    fireEvent.change(await screen.findByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    await waitFor(() => expect(button('Delete').disabled).toBe(false));
    fireEvent.click(button('Delete'));
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
    expect(notices).not.toHaveBeenCalled();
    act(() => deleted());
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'Deleted' })),
    );
    registerNotifier(null);
  });

  it('confirms an action without typing', async () => {
    const onOk = vi.fn();
    render(<ConfirmHost />);
    act(() =>
      confirmAction({ title: 'Restart the device?', content: 'It will be offline for a minute.', onOk }),
    );
    expect((await screen.findAllByText('Restart the device?')).length).toBeGreaterThan(0);
    expect(screen.queryByPlaceholderText('DELETE')).toBeNull();
    fireEvent.click(button('OK'));
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
  });
});
