import { nameSchema, type ScheduleDetail, ScheduleType, type VideoWallItem } from '@vitrine/contract';
import { Alert, Card, Flex, Form, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useWallChoices, useWallContentList } from '../../video-wall/api';
import { WallPreview } from '../../video-wall/ui';
import { type DeviceChoice, type Draft, datesProblem, draftOfDetail, emptyDraft } from './draft';
import './editor.css';
import { LoadedSchedule, NameField, SaveButtons, SavedStateAlerts, StepAlerts } from './EditorParts';
import { SectionsHeader } from './Sections';
import { inAMonth, type SaveMode, today, useDraftEditor, useSelfApproval } from './shared';
import { FIRST_FRAME, TimeStep } from './steps/TimeStep';

/** Every wall and every wall content to choose from, on one page. */
const ALL = { page_size: 200, sort: 'name,asc' } as const;
const WALL_CONTENT_PATH = '/content/videowall-list';

/** The screens of a wall, as the schedule names its devices (row by row). */
const wallDevices = (wall: VideoWallItem): DeviceChoice[] =>
  [...wall.cells]
    .sort((a, b) => a.row - b.row || a.column - b.column)
    .map((cell) => ({
      device_id: cell.device_id,
      name: cell.device_name || cell.signage_id,
      signage_id: cell.signage_id,
      // The wall's own orientation is what the server holds its screens to.
      orientation: -1,
    }));

/** /schedule/videowall/{id?}: a video-wall schedule loaded once. */
export function WallScheduleEditorPage() {
  return (
    <LoadedSchedule>{(id, saved) => <WallScheduleEditor key={id} id={id} saved={saved} />}</LoadedSchedule>
  );
}

/**
 * A video-wall schedule: wall content (content type 7) played on every screen of its wall, in
 * lock-step; its dates, time frames, priority and holidays as for every schedule; its name. Its
 * sections are numbered as the wizard's steps: 2 wall content (the devices' messages too), 4 time,
 * 5 name.
 */
export function WallScheduleEditor({ id, saved }: { id: number; saved: ScheduleDetail | null }) {
  const { t } = useTranslation(['schedule-editor', 'common', 'contract']);
  const { needConfirm, approver } = useSelfApproval();
  const initial = useMemo<Draft>(
    () =>
      saved
        ? draftOfDetail(saved)
        : { ...emptyDraft(ScheduleType.videoWall, today()), end_date: inAMonth(), frames: [FIRST_FRAME] },
    [saved],
  );
  const { draft, setDraft, errors, setErrors, saveChecked, saving } = useDraftEditor(initial);
  const contents = useWallContentList(ALL);
  const walls = useWallChoices(ALL);
  const laid = contents.data?.list.find((item) => item.id === draft.program?.id) ?? null;
  const wallId = laid?.wall_id ?? saved?.program?.wall_id ?? null;
  const wall = walls.data?.list.find((item) => item.id === wallId) ?? null;

  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const choose = (contentId: number) => {
    const item = contents.data?.list.find((one) => one.id === contentId);
    if (!item) return;
    const on = walls.data?.list.find((one) => one.id === item.wall_id);
    change({
      program: { id: item.id, name: item.name, orientation: -1, duration: null },
      devices: on ? wallDevices(on) : [],
    });
    setErrors((current) => {
      const next = new Map(current);
      next.delete(1);
      next.delete(2);
      return next;
    });
  };

  const check = (): Map<number, string[]> => {
    const found = new Map<number, string[]>();
    if (!draft.program) found.set(2, [t('contract:schedule.content')]);
    else if (draft.devices.length === 0)
      found.set(2, [t('contract:schedule.wallScreens', { wall: wall?.name ?? '' })]);
    const dates = datesProblem(draft, today());
    if (dates) found.set(4, [t(`contract:${dates}`)]);
    else if (draft.frames.length === 0) found.set(4, [t('contract:schedule.frames')]);
    const name = nameSchema.safeParse(draft.name);
    if (!name.success) found.set(5, [t(`contract:${name.error.issues[0]?.message}`)]);
    return found;
  };
  const submit = (mode: SaveMode) => saveChecked(id, mode, check);

  const labels = new Map(
    (wall?.cells ?? []).map((cell) => [`${cell.row},${cell.column}`, cell.device_name || cell.signage_id]),
  );

  return (
    <>
      <SectionsHeader
        title={saved ? saved.name : t('common:route.scheduleVideoWall')}
        help={t('wall.help')}
      />
      <SavedStateAlerts saved={saved} />
      <Flex vertical gap="middle" className="schedule-spot">
        <Card size="small" title={t('wall.content')}>
          <StepAlerts messages={[...(errors.get(1) ?? []), ...(errors.get(2) ?? [])]} />
          {contents.error || walls.error ? <ErrorAlert error={contents.error ?? walls.error} /> : null}
          {contents.data && contents.data.list.length === 0 ? (
            <Alert
              type="info"
              showIcon
              title={t('wall.none')}
              action={<Link to={WALL_CONTENT_PATH}>{t('common:route.videoWallContent')}</Link>}
            />
          ) : (
            <Form.Item
              label={t('wall.content')}
              htmlFor="wallContent"
              layout="vertical"
              className="schedule-step__field"
            >
              <Select
                id="wallContent"
                showSearch={{ optionFilterProp: 'label' }}
                loading={contents.isPending}
                placeholder={t('wall.choose')}
                value={draft.program?.id}
                onChange={choose}
                options={(contents.data?.list ?? []).map((item) => ({
                  value: item.id,
                  label: t('wall.option', { name: item.name, wall: item.wall_name }),
                }))}
              />
            </Form.Item>
          )}
          {wall && draft.program ? (
            <Flex vertical gap="small" className="schedule-wall">
              <Typography.Text>
                {t('wall.screens', { count: draft.devices.length, wall: wall.name })}
              </Typography.Text>
              <WallPreview screen={wall} picture={laid?.thumbnail_url} fit={laid?.fit} labels={labels} />
            </Flex>
          ) : null}
        </Card>
        <Card size="small" title={t('steps.time')}>
          <StepAlerts messages={errors.get(4) ?? []} />
          <TimeStep draft={draft} ownId={id} onChange={change} />
        </Card>
        <Card size="small" title={t('steps.finish')}>
          <StepAlerts messages={errors.get(5) ?? []} />
          <NameField value={draft.name} onChange={(name) => change({ name })} />
          <Flex justify="flex-end" gap="small" wrap className="schedule-editor__nav">
            <SaveButtons saving={saving} needConfirm={needConfirm} approver={approver} onSave={submit} />
          </Flex>
        </Card>
      </Flex>
    </>
  );
}
