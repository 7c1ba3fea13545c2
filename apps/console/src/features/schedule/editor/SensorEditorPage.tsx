import {
  nameSchema,
  type ScheduleDetail,
  ScheduleType,
  SENSOR_SECONDS_DEFAULT,
  SENSOR_SECONDS_MAX,
  SENSOR_SECONDS_MIN,
} from '@vitrine/contract';
import { Alert, Card, Flex, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { usePermission } from '../../../lib/permissions';
import { useSensorsById } from '../../sensor/api';
import { useSchedule } from '../api';
import {
  type Draft,
  datesProblem,
  draftOfDetail,
  emptyDraft,
  SENSOR_SECTION,
  type SensorChoice,
} from './draft';
import './editor.css';
import { NameField, SaveButtons, SavedStateAlerts, StepAlerts } from './EditorParts';
import { DeviceAndContentSections, SectionsHeader } from './Sections';
import { inAMonth, type SaveMode, today, useDraftEditor, useSelfApproval } from './shared';
import { SensorStep } from './steps/SensorStep';
import { FIRST_FRAME, TimeStep } from './steps/TimeStep';

/** The sensor IDs of `tag_ids` (comma-separated, or the parameter repeated). */
const tagIdsOf = (params: URLSearchParams) => [
  ...new Set(
    params
      .getAll('tag_ids')
      .flatMap((value) => value.split(','))
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
  ),
];

/** /schedule/sensors/{id?}: a sensor schedule loaded once; a new one with the tags of `tag_ids` ticked. */
export function SensorEditorPage() {
  const id = Number(useParams().id ?? 0) || 0;
  const [params] = useSearchParams();
  const tagIds = useMemo(() => (id > 0 ? [] : tagIdsOf(params)), [id, params]);
  const schedule = useSchedule(id);
  const preset = useSensorsById(tagIds);
  if (id > 0 && schedule.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (id > 0 && !schedule.data) return <ErrorAlert error={schedule.error} />;
  if (preset.pending) return <Skeleton active paragraph={{ rows: 8 }} />;
  const tags = preset.sensors.map((tag) => ({ id: tag.id, sensor_id: tag.sensor_id, name: tag.name }));
  return <SensorEditor key={id} id={id} saved={schedule.data ?? null} tags={tags} />;
}

type Props = {
  id: number;
  saved: ScheduleDetail | null;
  /** A new schedule's tags, ticked from the start. */
  tags?: SensorChoice[];
};

/**
 * A sensor schedule: screens, the tags that trigger it and for how long, the content it shows,
 * the time frames it is armed in (dates, priority, holidays), its name and the saves.
 */
export function SensorEditor({ id, saved, tags = [] }: Props) {
  const { t } = useTranslation(['schedule-editor', 'common', 'contract']);
  const { needConfirm, approver } = useSelfApproval();
  const mayAdd = usePermission('schedule:sensor:add');
  const mayEdit = usePermission('schedule:sensor:edit');
  const mayChange = saved ? mayEdit : mayAdd;
  const initial = useMemo<Draft>(
    () =>
      saved
        ? draftOfDetail(saved)
        : {
            ...emptyDraft(ScheduleType.sensor, today()),
            end_date: inAMonth(),
            frames: [FIRST_FRAME],
            sensor: { sensors: tags, seconds: SENSOR_SECONDS_DEFAULT },
          },
    [saved, tags],
  );
  const { draft, setDraft, refused, setRefused, errors, saveChecked, saving } = useDraftEditor(initial);

  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const sensor = draft.sensor ?? { sensors: [], seconds: SENSOR_SECONDS_DEFAULT };

  // Sections by the wizard's step numbers (1 devices, 2 content and order, 4 time, 5 name) and the trigger's.
  const check = (): Map<number, string[]> => {
    const found = new Map<number, string[]>();
    const add = (section: number, message: string) =>
      found.set(section, [...(found.get(section) ?? []), message]);
    if (draft.devices.length === 0) add(1, t('contract:schedule.devices'));
    if (sensor.sensors.length === 0) add(SENSOR_SECTION, t('contract:schedule.sensors'));
    if (!(sensor.seconds >= SENSOR_SECONDS_MIN && sensor.seconds <= SENSOR_SECONDS_MAX)) {
      add(SENSOR_SECTION, t('contract:schedule.sensorSeconds'));
    }
    if (draft.items.length === 0) add(2, t('contract:schedule.content'));
    const dates = datesProblem(draft, today());
    if (dates) add(4, t(`contract:${dates}`));
    if (draft.frames.length === 0) add(4, t('contract:schedule.frames'));
    const name = nameSchema.safeParse(draft.name);
    if (!name.success) add(5, t(`contract:${name.error.issues[0]?.message}`));
    return found;
  };

  const submit = (mode: SaveMode) => saveChecked(id, mode, check);

  const alerts = (section: number) => <StepAlerts messages={errors.get(section) ?? []} />;

  return (
    <>
      <SectionsHeader
        title={saved ? saved.name : t('common:route.scheduleSensors')}
        help={t('sensor.help')}
      />
      <SavedStateAlerts saved={saved} />
      {mayChange ? null : (
        <Alert type="warning" showIcon title={t('sensor.denied')} className="schedule-step__alert" />
      )}
      <Flex vertical gap="middle" className="schedule-spot">
        <DeviceAndContentSections
          draft={draft}
          change={change}
          errors={errors}
          refused={refused}
          onRefused={setRefused}
        />
        <Card size="small" title={t('sensor.trigger')}>
          {alerts(SENSOR_SECTION)}
          <SensorStep
            sensors={sensor.sensors}
            seconds={sensor.seconds}
            onChange={(patch) => change({ sensor: { ...sensor, ...patch } })}
          />
        </Card>
        <Card size="small" title={t('steps.time')}>
          {alerts(4)}
          <Typography.Paragraph type="secondary">{t('sensor.timeHelp')}</Typography.Paragraph>
          <TimeStep draft={draft} ownId={id} onChange={change} />
        </Card>
        <Card size="small" title={t('steps.finish')}>
          {alerts(5)}
          <NameField value={draft.name} onChange={(name) => change({ name })} />
          {mayChange ? (
            <Flex justify="flex-end" gap="small" wrap className="schedule-editor__nav">
              <SaveButtons saving={saving} needConfirm={needConfirm} approver={approver} onSave={submit} />
            </Flex>
          ) : null}
        </Card>
      </Flex>
    </>
  );
}
