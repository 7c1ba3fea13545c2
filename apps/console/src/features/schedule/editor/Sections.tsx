import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import type { Draft } from './draft';
import { StepAlerts } from './EditorParts';
import { SCHEDULE_LIST_PATH } from './shared';
import { ContentStep } from './steps/ContentStep';
import { DeviceStep } from './steps/DeviceStep';
import { OrderStep } from './steps/OrderStep';

// The editors on one page (spot and sensor schedules) show their sections as cards, numbered as
// the wizard's steps (1 devices, 2 content and order, 4 time, 5 name): a refused save's messages
// go to the section of their step.

type Props = {
  draft: Draft;
  change: (patch: Partial<Draft>) => void;
  errors: ReadonlyMap<number, string[]>;
  refused: string[];
  onRefused: (messages: string[]) => void;
};

/** The screens' card, then the content's with its order and seconds. */
export function DeviceAndContentSections({ draft, change, errors, refused, onRefused }: Props) {
  const { t } = useTranslation('schedule-editor');
  return (
    <>
      <Card size="small" title={t('steps.devices')}>
        <StepAlerts messages={errors.get(1) ?? []} />
        <DeviceStep
          draft={draft}
          onDevices={(devices) => change({ devices })}
          refused={refused}
          onRefused={onRefused}
        />
      </Card>
      <Card size="small" title={t('steps.content')}>
        <StepAlerts messages={errors.get(2) ?? []} />
        <ContentStep
          draft={draft}
          onItems={(items) => change({ items })}
          onProgram={() => undefined}
          refused={[]}
          onRefused={onRefused}
          orderBelow
        />
        <OrderStep draft={draft} onItems={(items) => change({ items })} />
      </Card>
    </>
  );
}

/** The page's title with its cancel, and what the schedule does. */
export function SectionsHeader({ title, help }: { title: string; help: string }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={title}
        extra={<Button onClick={() => navigate(SCHEDULE_LIST_PATH)}>{t('cancel')}</Button>}
      />
      <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
    </>
  );
}
