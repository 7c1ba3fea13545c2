import type { ScheduleDetail } from '@vitrine/contract';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { useUnsavedGuard } from '../../../lib/use-unsaved-guard';
import { bodyOf, type Draft } from './draft';

export const SCHEDULE_LIST_PATH = '/schedule/live';
export const SPOT_PATH = '/schedule/spot';

export const today = () => dayjs().format('YYYY-MM-DD');
/** A new schedule runs for a month from today unless its dates are changed. */
export const inAMonth = () => dayjs().add(30, 'day').format('YYYY-MM-DD');

/** The unsaved-changes question of the schedule editors. */
export function useEditorGuard(dirty: boolean) {
  const { t } = useTranslation('playlist');
  useUnsavedGuard(dirty, (leave) =>
    confirmAction({
      title: t('unsaved.title'),
      content: t('unsaved.content'),
      okText: t('unsaved.leave'),
      danger: true,
      onOk: leave,
    }),
  );
}

/** The message after a save: submitted for approval, published at once, or kept as a draft. */
export function useSavedMessage() {
  const { t } = useTranslation(['schedule-editor', 'contract']);
  return (saved: ScheduleDetail) =>
    saved.state === 'pending'
      ? t('contract:schedule.submitted')
      : saved.state === 'approved'
        ? t('contract:schedule.published')
        : t('finish.draftSaved', { name: saved.name });
}

/**
 * The state both schedule editors keep: the draft, what the server refused and its field errors
 * by step; asks before leaving unsaved changes, and goes to the list once `setDone(true)` says
 * the draft was saved.
 */
export function useDraftEditor(initial: Draft) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(initial);
  const [refused, setRefused] = useState<string[]>([]);
  const [errors, setErrors] = useState<Map<number, string[]>>(new Map());
  const [done, setDone] = useState(false);
  const savedBody = useMemo(() => JSON.stringify(bodyOf(initial, false)), [initial]);
  useEditorGuard(!done && JSON.stringify(bodyOf(draft, false)) !== savedBody);
  useEffect(() => {
    if (done) navigate(SCHEDULE_LIST_PATH);
  }, [done, navigate]);
  return { draft, setDraft, refused, setRefused, errors, setErrors, setDone };
}
