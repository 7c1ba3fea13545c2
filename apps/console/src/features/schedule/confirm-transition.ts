import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../lib/notify';
import { useScheduleTransition } from './api';
import { refreshScheduleDots } from './dots';

const TEXT = {
  approve: { confirm: 'approveConfirm', ok: 'action.approve', done: 'approved' },
  withdraw: { confirm: 'withdrawConfirm', ok: 'action.withdraw', done: 'withdrawn' },
} as const;

/**
 * The schedule transition, and the confirmed approve or withdraw of one schedule: asks first, and
 * once done says so and calls `done` (by default, refreshes the menu's dots).
 */
export function useConfirmedTransition() {
  const { t } = useTranslation('schedule');
  const transition = useScheduleTransition();
  const confirmTransition = (
    schedule: { id: number; name: string },
    action: keyof typeof TEXT,
    done: () => void = refreshScheduleDots,
  ) =>
    confirmAction({
      content: t(TEXT[action].confirm, { name: schedule.name }),
      okText: t(TEXT[action].ok),
      onOk: () =>
        transition.mutateAsync({ id: schedule.id, action }).then(
          () => {
            notify({ type: 'success', title: t(TEXT[action].done) });
            done();
          },
          () => undefined,
        ),
    });
  return { transition, confirmTransition };
}
