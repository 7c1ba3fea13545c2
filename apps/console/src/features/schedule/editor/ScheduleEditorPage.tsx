import {
  AppstoreOutlined,
  FileImageOutlined,
  MobileOutlined,
  NotificationOutlined,
  SyncOutlined,
  TableOutlined,
  TagsOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { nameSchema, type ScheduleDetail, ScheduleType } from '@vitrine/contract';
import { Button, Card, Descriptions, Flex, Radio, Steps, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { formatDuration } from '../../../lib/format';
import { useLayoutMode } from '../../../lib/layout-mode';
import { usePermission } from '../../../lib/permissions';
import {
  type Draft,
  datesProblem,
  draftOfDetail,
  EDITOR_TYPES,
  type EditorType,
  emptyDraft,
  isProgramType,
  totalSeconds,
  unequalSync,
} from './draft';
import './editor.css';
import { LoadedSchedule, NameField, SaveButtons, SavedStateAlerts, StepAlerts } from './EditorParts';
import { FirstPlayLine } from './FirstPlay';
import { useDescribeFrame } from './FrameDialog';
import { SensorEditor } from './SensorEditorPage';
import { SpotEditor } from './SpotEditorPage';
import {
  inAMonth,
  LAST_STEP,
  type SaveMode,
  SCHEDULE_LIST_PATH,
  SENSOR_PATH,
  SPOT_PATH,
  STEP_KEYS,
  today,
  useDraftEditor,
  useSelfApproval,
  WALL_SCHEDULE_PATH,
} from './shared';
import { ContentStep } from './steps/ContentStep';
import { DeviceStep } from './steps/DeviceStep';
import { OrderStep } from './steps/OrderStep';
import { FIRST_FRAME, TimeStep } from './steps/TimeStep';
import { WallScheduleEditor } from './WallScheduleEditorPage';

/** The types with an editor of their own: picked in the wizard's first step, they open it. */
const OWN_EDITORS = { insert: SPOT_PATH, sensor: SENSOR_PATH, video_wall: WALL_SCHEDULE_PATH } as const;
type OwnEditorType = keyof typeof OWN_EDITORS;

const TYPE_ICONS: Record<EditorType | OwnEditorType, ReactNode> = {
  standard: <FileImageOutlined />,
  playlist: <UnorderedListOutlined />,
  composition: <AppstoreOutlined />,
  template: <MobileOutlined />,
  insert: <NotificationOutlined />,
  sensor: <TagsOutlined />,
  sync: <SyncOutlined />,
  video_wall: <TableOutlined />,
};

/**
 * /schedule/add/{id?} and /schedule/edit/{id}: a schedule loaded once (an insert one opens the spot
 * editor, a sensor one the sensor editor, a video-wall one the wall editor).
 */
export function ScheduleEditorPage() {
  return (
    <LoadedSchedule>
      {(id, saved) =>
        saved?.type === ScheduleType.insert ? (
          <SpotEditor key={id} id={id} saved={saved} />
        ) : saved?.type === ScheduleType.sensor ? (
          <SensorEditor key={id} id={id} saved={saved} />
        ) : saved?.type === ScheduleType.videoWall ? (
          <WallScheduleEditor key={id} id={id} saved={saved} />
        ) : (
          <ScheduleWizard key={id} id={id} saved={saved} />
        )
      }
    </LoadedSchedule>
  );
}

function ScheduleWizard({ id, saved }: { id: number; saved: ScheduleDetail | null }) {
  const { t } = useTranslation(['schedule-editor', 'common', 'contract']);
  const { mobile } = useLayoutMode();
  const navigate = useNavigate();
  const { needConfirm, approver } = useSelfApproval();
  const describe = useDescribeFrame();
  // A sensor schedule is offered to those who may make one.
  const maySense = usePermission('schedule:sensor:add');
  const ownEditorTypes: OwnEditorType[] = maySense
    ? ['insert', 'sensor', 'video_wall']
    : ['insert', 'video_wall'];
  const initial = useMemo(
    () =>
      saved ? draftOfDetail(saved) : { ...emptyDraft(ScheduleType.standard, today()), end_date: inAMonth() },
    [saved],
  );
  const { draft, setDraft, refused, setRefused, errors, setErrors, saveDraft, saving } =
    useDraftEditor(initial);
  const [step, setStep] = useState(saved ? 1 : 0);
  const [reached, setReached] = useState(saved ? LAST_STEP : 0);

  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      if (current.size === 0) return current;
      const next = new Map(current);
      next.delete(step);
      return next;
    });
  };

  /** What keeps a step from being left forward; null when it is complete. */
  const problemOf = (index: number): string | null => {
    if (index === 1 && draft.devices.length === 0) return t('contract:schedule.devices');
    if (index === 2 && (isProgramType(draft.type) ? !draft.program : draft.items.length === 0)) {
      return t('contract:schedule.content');
    }
    if (index === 3 && unequalSync(draft)) return t('contract:schedule.syncEqual');
    if (index === 4) {
      const dates = datesProblem(draft, today());
      if (dates) return t(`contract:${dates}`);
      if (draft.frames.length === 0) return t('contract:schedule.frames');
    }
    if (index === 5) {
      const name = nameSchema.safeParse(draft.name);
      if (!name.success) return t(`contract:${name.error.issues[0]?.message}`);
    }
    return null;
  };

  const go = (target: number) => {
    // Forward only through complete steps; back freely.
    for (let index = step; index < target; index += 1) {
      const problem = problemOf(index);
      if (problem) {
        setStep(index);
        setErrors((current) => new Map(current).set(index, [problem]));
        return;
      }
    }
    setRefused([]);
    if (target === 4 && draft.frames.length === 0 && !saved) change({ frames: [FIRST_FRAME] });
    if (target === LAST_STEP && !draft.name.trim()) change({ name: suggestedName(draft) });
    setStep(target);
    setReached((current) => Math.max(current, target));
  };

  const suggestedName = (from: Draft) => {
    const what = isProgramType(from.type) ? from.program?.name : from.items[0]?.name;
    return `${what ?? t(`type.${from.type}`)} ${from.start_date}`.slice(0, 64);
  };

  const submit = (mode: SaveMode) => {
    for (let index = 0; index <= LAST_STEP; index += 1) {
      const problem = problemOf(index);
      if (problem) {
        setStep(index);
        setErrors(new Map([[index, [problem]]]));
        return;
      }
    }
    setErrors(new Map());
    saveDraft(id, mode, (byStep) => {
      setErrors(byStep);
      const first = Math.min(...byStep.keys());
      if (Number.isFinite(first)) setStep(first);
    });
  };

  const chooseType = (type: string) => {
    if (type in OWN_EDITORS) {
      navigate(OWN_EDITORS[type as OwnEditorType]);
      return;
    }
    // Content of one type does not fit another.
    change({
      type,
      items: type === draft.type ? draft.items : [],
      program: type === draft.type ? draft.program : null,
    });
  };

  const stepErrors = errors.get(step) ?? [];
  const body: Record<number, ReactNode> = {
    0: (
      <div id="scheduleType" className="schedule-step">
        <Radio.Group
          className="schedule-types"
          value={draft.type}
          onChange={(event) => chooseType(event.target.value)}
          aria-label={t('steps.type')}
        >
          {[...EDITOR_TYPES, ...ownEditorTypes].map((type) => (
            <Radio.Button
              key={type}
              value={type}
              className="schedule-type"
              disabled={Boolean(saved) && type !== draft.type}
            >
              <span className="schedule-type__icon" aria-hidden>
                {TYPE_ICONS[type]}
              </span>
              <span className="schedule-type__name">{t(`type.${type}`)}</span>
              <span className="schedule-type__help">{t(`typeHelp.${type}`)}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
      </div>
    ),
    1: (
      <DeviceStep
        draft={draft}
        onDevices={(devices) => change({ devices })}
        refused={refused}
        onRefused={setRefused}
      />
    ),
    2: (
      <ContentStep
        draft={draft}
        onItems={(items) => change({ items })}
        onProgram={(program) => change({ program })}
        refused={refused}
        onRefused={setRefused}
      />
    ),
    3: <OrderStep draft={draft} onItems={(items) => change({ items })} />,
    4: <TimeStep draft={draft} ownId={id} onChange={change} />,
    5: (
      <div className="schedule-step">
        <Flex vertical gap="middle">
          <NameField
            value={draft.name}
            onChange={(name) => change({ name })}
            invalid={stepErrors.length > 0}
          />
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'type', label: t('steps.type'), children: t(`type.${draft.type}`) },
              {
                key: 'devices',
                label: t('steps.devices'),
                children: <bdi>{draft.devices.map((device) => device.name).join(', ')}</bdi>,
              },
              {
                key: 'content',
                label: t('steps.content'),
                children: isProgramType(draft.type) ? (
                  <bdi>{draft.program?.name}</bdi>
                ) : (
                  t('order.summary', {
                    count: draft.items.length,
                    duration: formatDuration(totalSeconds(draft.items)),
                  })
                ),
              },
              { key: 'dates', label: t('time.dates'), children: `${draft.start_date} – ${draft.end_date}` },
              {
                key: 'frames',
                label: t('time.frames', { count: draft.frames.length }),
                children: (
                  <ul className="schedule-summary-frames">
                    {draft.frames.map((frame, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: frames have no identity of their own
                      <li key={index}>{describe(frame)}</li>
                    ))}
                  </ul>
                ),
              },
              { key: 'priority', label: t('time.priority'), children: draft.priority },
              {
                key: 'holidays',
                label: t('time.holidays'),
                children: draft.exclude_holidays ? t('finish.yes') : t('finish.no'),
              },
            ]}
          />
          <FirstPlayLine draft={draft} />
          <Typography.Text type="secondary">
            {approver
              ? t('finish.approvalSelf')
              : needConfirm
                ? t('finish.approvalOn')
                : t('finish.approvalOff')}
          </Typography.Text>
        </Flex>
      </div>
    ),
  };

  const status = (index: number) =>
    errors.has(index)
      ? ('error' as const)
      : index < step
        ? ('finish' as const)
        : index === step
          ? ('process' as const)
          : ('wait' as const);

  return (
    <>
      <PageHeader
        title={saved ? saved.name : t('common:route.scheduleAdd')}
        extra={<Button onClick={() => navigate(SCHEDULE_LIST_PATH)}>{t('common:cancel')}</Button>}
      />
      <SavedStateAlerts saved={saved} />
      <Card size="small" className="schedule-editor">
        {/* On phones the steps are numbers in a row, the current one named under them. */}
        <Steps
          current={step}
          size="small"
          orientation="horizontal"
          responsive={false}
          onChange={(target) => (target <= reached || target <= step + 1 ? go(target) : undefined)}
          items={STEP_KEYS.map((key, index) => ({
            title: mobile ? undefined : t(`steps.${key}`),
            status: status(index),
          }))}
          className="schedule-editor__steps"
        />
        {mobile ? (
          <Typography.Title level={5} className="schedule-editor__current">
            {t('nav.stepOf', {
              step: step + 1,
              count: STEP_KEYS.length,
              title: t(`steps.${STEP_KEYS[step]}`),
            })}
          </Typography.Title>
        ) : null}
        <StepAlerts messages={stepErrors} />
        {body[step]}
        <Flex justify="space-between" wrap gap="small" className="schedule-editor__nav">
          <Button disabled={step === 0} onClick={() => go(step - 1)}>
            {t('nav.back')}
          </Button>
          {step < LAST_STEP ? (
            <Button id="scheduleNext" type="primary" onClick={() => go(step + 1)}>
              {t('nav.next')}
            </Button>
          ) : (
            <Flex gap="small" wrap>
              <SaveButtons
                saving={saving}
                needConfirm={needConfirm}
                approver={approver}
                onSave={submit}
                submitId="scheduleNext"
              />
            </Flex>
          )}
        </Flex>
      </Card>
    </>
  );
}
