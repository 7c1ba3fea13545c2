import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { GuideTour } from './GuideTour';

/** The schedule wizard as the tour sees it: its Next shows the devices step. */
function Wizard() {
  const [page, setPage] = useState(0);
  return page === 0 ? (
    <>
      <div id="scheduleType">Type</div>
      <button type="button" id="scheduleNext" onClick={() => setPage(1)}>
        Wizard next
      </button>
    </>
  ) : (
    <div id="scheduleDevices">Devices</div>
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['tour']);
});

describe('GuideTour', () => {
  it("stays on screen through the schedule wizard's Next: its step presses the wizard's button", async () => {
    const onClose = vi.fn();
    render(
      <>
        <Wizard />
        <GuideTour tour="schedule" mobile={false} onFinish={vi.fn()} onSkip={vi.fn()} onClose={onClose} />
      </>,
    );
    expect(await screen.findByText('Type of schedule')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Go from one step to the next with this button.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Pick the screens that should play it.')).toBeTruthy();
    expect(document.getElementById('scheduleDevices')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('is a dialog that takes the focus, keeps it, ends for good on Escape and gives the focus back', async () => {
    const onSkip = vi.fn();
    const onClose = vi.fn();
    const page = (tour: boolean) => (
      <>
        <button type="button">Before</button>
        <Wizard />
        {tour ? (
          <GuideTour tour="schedule" mobile={false} onFinish={vi.fn()} onSkip={onSkip} onClose={onClose} />
        ) : null}
      </>
    );
    const { rerender } = render(page(false));
    screen.getByRole('button', { name: 'Before' }).focus();
    rerender(page(true));
    const dialog = await screen.findByRole('dialog', { name: 'Type of schedule' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' })));
    // Tab goes round the panel's buttons, never to the page behind the mask.
    for (let i = 0; i < 6; i++) {
      fireEvent.keyDown(document.activeElement as Element, { key: 'Tab' });
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(onSkip).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    rerender(page(false));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' }));
  });
});
