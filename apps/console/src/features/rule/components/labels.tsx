import type { RuleFiringState, RuleItemAction, RuleItemTrigger } from '@vitrine/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { leftToRight } from '../../../lib/bidi';
import { WEEK_ORDER, weekdayName } from '../../device/ui';

export const STATE_COLORS: Record<RuleFiringState, string> = {
  done: 'success',
  sent: 'processing',
  acknowledged: 'success',
  failed: 'error',
  timeout: 'warning',
  offline: 'default',
  unsupported: 'default',
};

/** "Weekdays at 19:30", "Read of Shoes", "Went offline": a rule's trigger in a line. */
export function useTriggerText() {
  const { t } = useTranslation('rule');
  return (trigger: RuleItemTrigger): string => {
    if (trigger.kind === 'event') return t(`event.${trigger.event}`);
    if (trigger.kind === 'sensor') {
      return trigger.sensors.length === 0
        ? t('trigger.noSensor')
        : t('trigger.sensorText', { names: trigger.sensors.map((sensor) => sensor.name).join(', ') });
    }
    const days =
      trigger.recurrence === 'days'
        ? WEEK_ORDER.filter((day) => trigger.days.includes(day))
            .map((day) => weekdayName(day))
            .join(', ')
        : t(`recurrence.${trigger.recurrence}`);
    return t('trigger.timeText', { days, time: leftToRight(trigger.at) });
  };
}

/** A rule's actions as tags: "Brightness 30%", "Mail to Ann". */
export function ActionTags({ actions }: { actions: readonly RuleItemAction[] }) {
  const { t } = useTranslation('rule');
  const text = (action: RuleItemAction) => {
    switch (action.action) {
      case 'brightness':
      case 'volume':
        return t(`actionText.${action.action}`, { value: leftToRight(`${action.value}%`) });
      case 'switch-content':
        return t('actionText.switch-content', { name: action.program.name });
      case 'mail':
        return t('actionText.mail', { names: action.users.map((user) => user.name).join(', ') });
      default:
        return t(`actions.${action.action}`);
    }
  };
  return (
    <Space size={4} wrap>
      {actions.map((action) => (
        <Tag key={action.action}>
          <span dir="auto">{text(action)}</span>
        </Tag>
      ))}
    </Space>
  );
}
