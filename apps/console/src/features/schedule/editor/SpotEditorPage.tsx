import {
  nameSchema,
  type ScheduleDetail,
  ScheduleType,
  SPOT_MINUTES_MAX,
  SPOT_MINUTES_MIN,
} from '@vitrine/contract';
import { Card, DatePicker, Flex, Form } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/NumberInput';
import { type Draft, draftOfDetail, emptyDraft } from './draft';
import './editor.css';
import { HolidaysField, LoadedSchedule, NameField, SaveButtons, StepAlerts } from './EditorParts';
import { DeviceAndContentSections, SectionsHeader } from './Sections';
import { type SaveMode, today, useDraftEditor, useSelfApproval } from './shared';

const DEFAULT_MINUTES = 10;

/** A spot starts at the next whole quarter hour. */
const nextQuarter = () => {
  const now = dayjs();
  return now
    .add(15 - (now.minute() % 15), 'minute')
    .second(0)
    .format('YYYY-MM-DDTHH:mm');
};

/** /schedule/spot/{id?}: an insert schedule loaded once. */
export function SpotEditorPage() {
  return <LoadedSchedule>{(id, saved) => <SpotEditor key={id} id={id} saved={saved} />}</LoadedSchedule>;
}

/**
 * An insert (spot) schedule: devices, content items in order with their seconds, the moment it
 * starts and how many minutes it interrupts whatever else plays.
 */
export function SpotEditor({ id, saved }: { id: number; saved: ScheduleDetail | null }) {
  const { t } = useTranslation(['schedule-editor', 'common', 'contract']);
  const { needConfirm, approver } = useSelfApproval();
  const initial = useMemo<Draft>(
    () =>
      saved
        ? draftOfDetail(saved)
        : {
            ...emptyDraft(ScheduleType.insert, today()),
            spot: { start: nextQuarter(), minutes: DEFAULT_MINUTES },
            // A spot is set for a moment chosen on purpose: it plays then, holiday or not.
            exclude_holidays: false,
          },
    [saved],
  );
  const { draft, setDraft, refused, setRefused, errors, saveChecked, saving } = useDraftEditor(initial);

  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const spot = draft.spot ?? { start: nextQuarter(), minutes: DEFAULT_MINUTES };

  // Sections: 1 devices, 2 content and order, 4 time, 5 name (as the wizard's steps number them).
  const check = (): Map<number, string[]> => {
    const found = new Map<number, string[]>();
    if (draft.devices.length === 0) found.set(1, [t('contract:schedule.devices')]);
    if (draft.items.length === 0) found.set(2, [t('contract:schedule.content')]);
    if (!draft.spot?.start) found.set(4, [t('contract:schedule.spotStart')]);
    else if (!(spot.minutes >= SPOT_MINUTES_MIN && spot.minutes <= SPOT_MINUTES_MAX)) {
      found.set(4, [t('contract:schedule.spotMinutes')]);
    }
    const name = nameSchema.safeParse(draft.name);
    if (!name.success) found.set(5, [t(`contract:${name.error.issues[0]?.message}`)]);
    return found;
  };

  const submit = (mode: SaveMode) => saveChecked(id, mode, check);

  const alerts = (section: number) => <StepAlerts messages={errors.get(section) ?? []} />;

  return (
    <>
      <SectionsHeader title={saved ? saved.name : t('common:route.scheduleSpot')} help={t('spot.help')} />
      <Flex vertical gap="middle" className="schedule-spot">
        <DeviceAndContentSections
          draft={draft}
          change={change}
          errors={errors}
          refused={refused}
          onRefused={setRefused}
        />
        <Card size="small" title={t('steps.time')}>
          {alerts(4)}
          <Flex wrap gap="large" align="flex-start">
            <Form.Item label={t('spot.start')} layout="vertical" className="schedule-step__field">
              <DatePicker
                id="spotStart"
                showTime={{ format: 'HH:mm', minuteStep: 5 }}
                format="YYYY-MM-DD HH:mm"
                allowClear={false}
                value={dayjs(spot.start)}
                onChange={(value) =>
                  value && change({ spot: { ...spot, start: value.format('YYYY-MM-DDTHH:mm') } })
                }
              />
            </Form.Item>
            <Form.Item
              label={t('spot.minutes')}
              layout="vertical"
              extra={t('spot.minutesHelp')}
              className="schedule-step__field"
            >
              <NumberInput
                id="spotMinutes"
                aria-label={t('spot.minutes')}
                min={SPOT_MINUTES_MIN}
                max={SPOT_MINUTES_MAX}
                width={160}
                value={spot.minutes}
                onChange={(minutes) => change({ spot: { ...spot, minutes: minutes ?? 0 } })}
              />
            </Form.Item>
            <HolidaysField
              checked={draft.exclude_holidays}
              onChange={(exclude_holidays) => change({ exclude_holidays })}
            />
          </Flex>
        </Card>
        <Card size="small" title={t('steps.finish')}>
          {alerts(5)}
          <NameField value={draft.name} onChange={(name) => change({ name })} />
          <Flex justify="flex-end" gap="small" wrap className="schedule-editor__nav">
            <SaveButtons saving={saving} needConfirm={needConfirm} approver={approver} onSave={submit} />
          </Flex>
        </Card>
      </Flex>
    </>
  );
}
