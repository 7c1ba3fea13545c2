import { fireEvent, render, screen } from '@testing-library/react';
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
});
