import { AccountStatus, type UserItem } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { confirmAction, confirmDelete } from '../../../components/confirm';
import { notify } from '../../../lib/notify';
import { useDeleteUsers, useSendInvite, useToggleUsers } from '../api';

type Target = Pick<UserItem, 'user_id' | 'username' | 'email'>;

const names = (users: readonly Target[]) => users.map((user) => user.username || user.email).join(', ');

/** Delete (typing DELETE), enable/disable and resend-invite for one user or a selection. */
export function useUserActions(onDone?: () => void) {
  const { t } = useTranslation('team');
  const remove = useDeleteUsers();
  const toggle = useToggleUsers();
  const send = useSendInvite();

  const done = (title: string) => {
    notify({ type: 'success', title });
    onDone?.();
  };

  return {
    busy: remove.isPending || toggle.isPending || send.isPending,
    remove: (users: readonly Target[]) =>
      confirmDelete({
        content: t('user.deleteConfirm', { names: names(users) }),
        onOk: () => remove.mutateAsync(users.map((user) => user.user_id)).then(() => done(t('user.deleted'))),
      }),
    /** Disabling ends the users' sessions: it asks first. Enabling does not. */
    setStatus: (
      users: readonly Target[],
      status: typeof AccountStatus.active | typeof AccountStatus.disabled,
    ) => {
      const run = () =>
        toggle
          .mutateAsync({ ids: users.map((user) => user.user_id), status })
          .then(() => done(status === AccountStatus.active ? t('user.enabled') : t('user.disabled')));
      if (status === AccountStatus.active) return void run().catch(() => undefined);
      confirmAction({
        title: t('user.disableTitle'),
        content: t('user.disableConfirm', { names: names(users) }),
        okText: t('action.disable'),
        danger: true,
        onOk: run,
      });
    },
    resend: (user: Target) =>
      send.mutate(user.user_id, { onSuccess: () => done(t('user.inviteResent', { email: user.email })) }),
  };
}
