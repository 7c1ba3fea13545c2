import type {
  DateSelectArg,
  DatesSetArg,
  EventClickArg,
  EventDropArg,
  EventInput,
  LocaleInput,
} from '@fullcalendar/core';
import arLocale from '@fullcalendar/core/locales/ar';
import deLocale from '@fullcalendar/core/locales/de';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import itLocale from '@fullcalendar/core/locales/it';
import ptLocale from '@fullcalendar/core/locales/pt-br';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';
import zhTwLocale from '@fullcalendar/core/locales/zh-tw';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { Language, ScheduleFrame } from '@vitrine/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/i18n';
import { useLayoutMode } from '../../../lib/layout-mode';
import { useSession } from '../../../lib/session';
import { addDays, floatingOf, frameOfSelection, occurrences, retimeFrame } from './frames';

// The time step's calendar (FullCalendar, MIT), loaded only when the step opens. It runs in UTC
// so its times are the frames' floating wall-clock times; week and month views on a desk, a day
// and a list on phones. The whole day shows at once (hour slots, drawn to the quarter hour): a
// scroll area inside FullCalendar's grid could not be reached by keyboard without breaking the
// grid's rows for assistive technology. Drawing a span adds a frame; dragging or resizing an occurrence moves the
// frame (a weekly frame's days move with it); clicking one opens its settings.

const LOCALES: Record<Language, LocaleInput | undefined> = {
  en: undefined,
  ar: arLocale,
  de: deLocale,
  it: itLocale,
  es: esLocale,
  fr: frLocale,
  pt: ptLocale,
  'zh-CN': zhCnLocale,
  'zh-TW': zhTwLocale,
};
const FIRST_DAY: Record<string, number> = { sunday: 0, monday: 1, saturday: 6 };

/** Another schedule's time, drawn behind the frames. */
export type BackgroundSpan = { start: string; end: string; title: string };

export type FrameCalendarProps = {
  frames: ScheduleFrame[];
  range: { start_date: string; end_date: string };
  /** Shown behind the frames: the other schedules on these devices. */
  background?: BackgroundSpan[];
  onCreate: (frame: ScheduleFrame) => void;
  onChange: (index: number, frame: ScheduleFrame) => void;
  onOpen: (index: number) => void;
  /** The visible dates changed (first, last inclusive). */
  onView?: (from: string, to: string) => void;
  label: (frame: ScheduleFrame, index: number) => string;
  /** The calendar's name: the region around it. */
  name: string;
};

/**
 * What FullCalendar draws without a way to set it: its chevrons are images without a name inside
 * named buttons (hidden here), in every view it draws.
 */
function useHiddenChevrons() {
  const holder = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = holder.current;
    if (!root) return;
    const mend = () => {
      for (const icon of root.querySelectorAll('.fc-icon[role="img"]:not([aria-hidden])')) {
        icon.setAttribute('aria-hidden', 'true');
      }
    };
    mend();
    const observer = new MutationObserver(mend);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return holder;
}

export function FrameCalendar({
  frames,
  range,
  background = [],
  onCreate,
  onChange,
  onOpen,
  onView,
  label,
  name,
}: FrameCalendarProps) {
  const holder = useHiddenChevrons();
  const { language, direction } = useLanguage();
  const { mobile } = useLayoutMode();
  const weekStart = useSession().user?.week_start ?? 'monday';
  const [view, setView] = useState({ from: range.start_date, to: addDays(range.start_date, 41) });
  const calendar = useRef<FullCalendar>(null);
  // New dates: the calendar goes to the first one.
  useEffect(() => {
    calendar.current?.getApi().gotoDate(range.start_date);
  }, [range.start_date]);

  const events = useMemo<EventInput[]>(() => {
    const drawn: EventInput[] = occurrences(frames, range, view.from, view.to).map((occurrence) => ({
      id: `${occurrence.frame}@${occurrence.date}`,
      start: occurrence.start,
      end: occurrence.end,
      title: label(frames[occurrence.frame] as ScheduleFrame, occurrence.frame),
      classNames: ['schedule-frame', `schedule-frame--${occurrence.frame % 6}`],
      extendedProps: { frame: occurrence.frame, date: occurrence.date },
    }));
    const behind: EventInput[] = background.map((span, index) => ({
      id: `background-${index}`,
      start: span.start,
      end: span.end,
      title: span.title,
      display: 'background',
      classNames: ['schedule-frame--other'],
    }));
    return [...behind, ...drawn];
  }, [frames, range, view, background, label]);

  const inRange = (start: Date, end: Date) => {
    const first = floatingOf(start).slice(0, 10);
    const last = floatingOf(new Date(end.getTime() - 1)).slice(0, 10);
    return first >= range.start_date && last <= addDays(range.end_date, 1) && first <= range.end_date;
  };

  const moved = (info: EventDropArg | EventResizeDoneArg) => {
    const { frame, date } = info.event.extendedProps as { frame: number; date: string };
    const start = info.event.start;
    const end = info.event.end ?? (start ? new Date(start.getTime() + 3_600_000) : null);
    const current = frames[frame];
    const next =
      current && start && end ? retimeFrame(current, date, floatingOf(start), floatingOf(end)) : null;
    if (!next) {
      info.revert();
      return;
    }
    onChange(frame, next);
  };

  const selected = (info: DateSelectArg) => {
    info.view.calendar.unselect();
    onCreate(
      info.allDay
        ? frameOfSelection(info.startStr.slice(0, 10), info.endStr.slice(0, 10))
        : frameOfSelection(floatingOf(info.start), floatingOf(info.end)),
    );
  };

  const viewed = (info: DatesSetArg) => {
    const from = floatingOf(info.start).slice(0, 10);
    const to = addDays(floatingOf(info.end).slice(0, 10), -1);
    setView((current) => (current.from === from && current.to === to ? current : { from, to }));
    onView?.(from, to);
  };

  return (
    <section ref={holder} aria-label={name}>
      <FullCalendar
        ref={calendar}
        plugins={[timeGridPlugin, dayGridPlugin, listPlugin, interactionPlugin]}
        timeZone="UTC"
        locale={LOCALES[language]}
        direction={direction}
        firstDay={FIRST_DAY[weekStart] ?? 1}
        initialDate={range.start_date}
        initialView={mobile ? 'timeGridDay' : 'timeGridWeek'}
        headerToolbar={
          mobile
            ? { left: 'prev,next', center: 'title', right: 'timeGridDay,listWeek' }
            : { left: 'prev,next today', center: 'title', right: 'timeGridWeek,dayGridMonth' }
        }
        height="auto"
        allDaySlot={false}
        nowIndicator
        slotDuration="01:00:00"
        snapDuration="00:15:00"
        slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        selectable
        selectMirror
        editable
        eventResizableFromStart={false}
        dayMaxEvents={3}
        longPressDelay={300}
        selectAllow={(span) => inRange(span.start, span.end)}
        dayCellClassNames={(cell) => {
          const day = floatingOf(cell.date).slice(0, 10);
          return day < range.start_date || day > range.end_date ? ['schedule-day--outside'] : [];
        }}
        events={events}
        select={selected}
        eventDrop={moved}
        eventResize={moved}
        eventClick={(info: EventClickArg) => {
          const frame = (info.event.extendedProps as { frame?: number }).frame;
          if (frame !== undefined) onOpen(frame);
        }}
        datesSet={viewed}
      />
    </section>
  );
}

export default FrameCalendar;
