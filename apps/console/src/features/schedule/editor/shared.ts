import type { ScheduleSummary } from '@vitrine/contract';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useEditorGuard } from '../../playlist/api';
import { useSaveSchedule } from '../api';
import { bodyOf, type Draft } from './draft';
import { refusalOf } from './server-errors';

export const SCHEDULE_LIST_PATH = '/schedule/live';
export const SPOT_PATH = '/schedule/spot';
export const SENSOR_PATH = '/schedule/sensors';
export const WALL_SCHEDULE_PATH = '/schedule/videowall';

/** The wizard's steps; the spot editor's sections and a refused save's messages go by their numbers. */
export const STEP_KEYS = ['type', 'devices', 'content', 'order', 'time', 'finish'] as const;
export const LAST_STEP = STEP_KEYS.length - 1;

export const today = () => dayjs().format('YYYY-MM-DD');
/** A new schedule runs for a month from today unless its dates are changed. */
export const inAMonth = () => dayjs().add(30, 'day').format('YYYY-MM-DD');

/** Whether the signed-in user approves schedules themselves: approval is on and they may give it. */
export function useSelfApproval() {
  const { config, permissions } = useSession();
  const needConfirm = config?.schedule_config?.need_confirm ?? true;
  return { needConfirm, approver: needConfirm && hasPermission(permissions, 'schedule:audit') };
}

/**
 * The message after a save, true for this user: published, waiting for an administrator's
 * approval (spec 001 §4), waiting for their own, or kept as a draft.
 */
function useSavedMessage() {
  const { t } = useTranslation(['schedule-editor', 'contract']);
  const { approver } = useSelfApproval();
  return (saved: ScheduleSummary) =>
    saved.state === 'pending'
      ? t(approver ? 'contract:schedule.submittedApprover' : 'contract:schedule.submitted')
      : saved.state === 'approved'
        ? t('contract:schedule.published')
        : t('finish.draftSaved', { name: saved.name });
}

function bySection(byStep: ReadonlyMap<number, string[]>): Map<number, string[]> {
  const merged = new Map<number, string[]>();
  for (const [step, messages] of byStep) {
    const section = step === 3 ? 2 : step === 0 ? 5 : step;
    merged.set(section, [...(merged.get(section) ?? []), ...messages]);
  }
  return merged;
}

/** How a schedule is saved: as a draft, submitted for approval, or submitted and approved at once. */
export type SaveMode = 'draft' | 'submit' | 'approve';
/** Which save is under way. */
export type Saving = SaveMode | null;

/**
 * The state both schedule editors keep: the draft, what the server refused and its field errors
 * by step; asks before leaving unsaved changes. `saveDraft` saves it (new when `id` is 0): once
 * saved it says so and goes to the list; refused, it drops from the draft the devices and content
 * (or program) the server named and hands the messages, by step, to `onRefused`.
 */
export function useDraftEditor(initial: Draft) {
  const { t } = useTranslation('schedule-editor');
  const navigate = useNavigate();
  const save = useSaveSchedule();
  const savedMessage = useSavedMessage();
  const [draft, setDraft] = useState<Draft>(initial);
  const [refused, setRefused] = useState<string[]>([]);
  const [errors, setErrors] = useState<Map<number, string[]>>(new Map());
  const [done, setDone] = useState(false);
  const savedBody = useMemo(() => JSON.stringify(bodyOf(initial, false)), [initial]);
  useEditorGuard(!done && JSON.stringify(bodyOf(draft, false)) !== savedBody, t('unsaved'));
  useEffect(() => {
    if (done) navigate(SCHEDULE_LIST_PATH);
  }, [done, navigate]);

  const saveDraft = (id: number, mode: SaveMode, onRefused: (byStep: Map<number, string[]>) => void) =>
    save.mutate(
      { id: id || undefined, body: bodyOf(draft, mode !== 'draft'), approve: mode === 'approve' },
      {
        onSuccess: (result) => {
          notify({ type: 'success', title: savedMessage(result) });
          setDone(true);
        },
        onError: (error) => {
          const refusal = refusalOf(error, LAST_STEP);
          if (refusal.deviceIds.length || refusal.contentIds.length || refusal.program) {
            setDraft((current) => ({
              ...current,
              devices: current.devices.filter((device) => !refusal.deviceIds.includes(device.device_id)),
              items: current.items.filter((item) => !refusal.contentIds.includes(item.content_id)),
              program: refusal.program ? null : current.program,
            }));
          }
          onRefused(refusal.byStep);
        },
      },
    );
  const saving: Saving = save.isPending
    ? save.variables?.approve
      ? 'approve'
      : save.variables?.body.submit
        ? 'submit'
        : 'draft'
    : null;

  /**
   * The editors on one page: saves unless `check` finds something, the messages by section (the
   * wizard's step numbers; the order's go with the content, the type's with the name).
   */
  const saveChecked = (id: number, mode: SaveMode, check: () => Map<number, string[]>) => {
    const found = check();
    setErrors(found);
    if (found.size === 0) saveDraft(id, mode, (byStep) => setErrors(bySection(byStep)));
  };

  return { draft, setDraft, refused, setRefused, errors, setErrors, saveDraft, saveChecked, saving };
}
