import type { ScheduleDetail } from '@vitrine/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { useUnsavedGuard } from '../../../lib/use-unsaved-guard';

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
