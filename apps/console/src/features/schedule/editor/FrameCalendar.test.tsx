import { render, screen } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { signInAs } from '../../../test/team';
import { FrameCalendar } from './FrameCalendar';

// FullCalendar (its Preact core inside React 19) draws the frames' occurrences in the week view.
describe('FrameCalendar', { timeout: 30_000 }, () => {
  it('draws each occurrence of the frames in the week of the start date', async () => {
    await i18n.changeLanguage('en');
    signInAs(Role.owner, ['schedule']);
    render(
      <FrameCalendar
        frames={[
          { start: '09:00', end: '11:00', rrule: 'FREQ=WEEKLY;BYDAY=MO,WE' },
          { start: '22:00', end: '02:00', rrule: 'FREQ=DAILY' },
        ]}
        range={{ start_date: '2026-03-02', end_date: '2026-03-31' }}
        onCreate={() => undefined}
        onChange={() => undefined}
        onOpen={() => undefined}
        label={(frame) => `frame ${frame.start}`}
        name="Calendar"
      />,
    );
    // Monday and Wednesday at 09:00; every night at 22:00 (seven starts in the week).
    expect(await screen.findAllByText('frame 09:00')).toHaveLength(2);
    expect(screen.getAllByText('frame 22:00').length).toBeGreaterThanOrEqual(7);
    // Its chevrons hidden behind the named buttons; a named region with no scroll area inside
    // (the whole day at once): nothing in its grid to reach by Tab but the buttons and frames.
    expect(document.querySelectorAll('.fc-icon[role="img"]:not([aria-hidden="true"])')).toHaveLength(0);
    expect(document.querySelectorAll('.fc-icon').length).toBeGreaterThan(0);
    const region = screen.getByRole('region', { name: 'Calendar' });
    const scrolling = [...region.querySelectorAll<HTMLElement>('.fc-scroller')].filter((scroller) =>
      ['auto', 'scroll'].includes(scroller.style.overflowY),
    );
    expect(scrolling).toEqual([]);
  });
});
