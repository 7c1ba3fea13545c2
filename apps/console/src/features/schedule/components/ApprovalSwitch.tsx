import { Role } from '@vitrine/contract';
import { Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { notify } from '../../../lib/notify';
import { hasRole, usePermission } from '../../../lib/permissions';
import { getSession, setConfig, useSession } from '../../../lib/session';
import { useSaveScheduleConfig } from '../api';
import { SCHEDULE_PATHS } from '../labels';

/** Roles that may change their company's approval setting (with schedule:audit). */
export const APPROVAL_SETTING_ROLES = [Role.owner, Role.userAdmin] as const;

/**
 * The company's approval setting (schedule_confirm): on, schedules wait for an approver; off, they
 * go live when saved and the approval tab hides (spec 000 §2). Shown to owners and user admins
 * holding schedule:audit; the remote config in the session follows the saved value.
 */
export function ApprovalSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('schedule');
  const navigate = useNavigate();
  const { config, user } = useSession();
  const canAudit = usePermission('schedule:audit');
  const save = useSaveScheduleConfig();
  if (!canAudit || !hasRole(user?.role_id, APPROVAL_SETTING_ROLES) || !config) return null;
  const on = config.schedule_config.need_confirm;

  const change = (needConfirm: boolean) =>
    confirmAction({
      title: t(needConfirm ? 'approval.onTitle' : 'approval.offTitle'),
      content: t(needConfirm ? 'approval.onConfirm' : 'approval.offConfirm'),
      onOk: () =>
        save.mutateAsync({ need_confirm: needConfirm }).then(
          (saved) => {
            const latest = getSession().config;
            if (latest) setConfig({ ...latest, schedule_config: { need_confirm: saved.need_confirm } });
            notify({
              type: 'success',
              title: t(saved.need_confirm ? 'approval.turnedOn' : 'approval.turnedOff'),
            });
            // The approval list is gone while approval is off.
            if (!saved.need_confirm) navigate(SCHEDULE_PATHS.live, { replace: true });
          },
          () => undefined,
        ),
    });

  return (
    <Flex align="center" gap="small" className="schedule-approval-switch">
      <Switch
        id="scheduleApproval"
        checked={on}
        loading={save.isPending}
        onChange={change}
        aria-describedby={compact ? undefined : 'scheduleApprovalHint'}
      />
      <label htmlFor="scheduleApproval">{t('approval.label')}</label>
      {compact ? null : (
        <Typography.Text type="secondary" id="scheduleApprovalHint" className="schedule-approval-hint">
          {t(on ? 'approval.onHint' : 'approval.offHint')}
        </Typography.Text>
      )}
    </Flex>
  );
}
