import type { ExportFormat } from '@vitrine/contract';
import { Alert, Flex, Form, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { useLayoutMode } from '../../../lib/layout-mode';
import { notify } from '../../../lib/notify';
import { useCreateExport } from '../api';
import { browserTimezone, periodOf, periodQuery } from '../period';
import { ChoiceSelect, PeriodFilter, type PeriodValue } from './StatisticsFilters';

export type ExportDraft = {
  device_id?: number;
  content_id?: number;
  schedule_id?: number;
  period: PeriodValue;
  format: ExportFormat;
};

const choiceFilters = [
  { kind: 'device', id: 'exportDevice' },
  { kind: 'content', id: 'exportContent' },
  { kind: 'schedule', id: 'exportSchedule' },
] as const;

export const emptyDraft = (): ExportDraft => ({ period: { days: 7 }, format: 'xlsx' });

/** The playback log's filters and a format; the export starts as a job and shows in the list. */
export function CreateExportDialog({
  open,
  initial,
  onClose,
}: {
  open: boolean;
  initial: ExportDraft;
  onClose: () => void;
}) {
  const { t } = useTranslation('statistics');
  const { mobile } = useLayoutMode();
  const create = useCreateExport();
  const [draft, setDraft] = useState<ExportDraft>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setDraft(initial);
      setProblem(null);
    }
  }, [open, initial]);
  const change = (patch: Partial<ExportDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = () => {
    setProblem(null);
    create.mutate(
      {
        device_id: draft.device_id,
        content_id: draft.content_id,
        schedule_id: draft.schedule_id,
        ...periodQuery(periodOf(draft.period)),
        format: draft.format,
        tz: browserTimezone(),
      },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('export.started') });
          onClose();
        },
        onError: (error) => setProblem(error instanceof ApiError ? error.message : String(error)),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('export.create')}
      okText={t('export.start')}
      cancelText={t('common:cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={create.isPending}
      width={mobile ? '100%' : 560}
      destroyOnHidden
    >
      <Form layout="vertical">
        {problem ? (
          <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 16 }} />
        ) : null}
        {choiceFilters.map(({ kind, id }) => (
          <Form.Item key={kind} label={t(`filter.${kind}`)} htmlFor={id}>
            <ChoiceSelect
              id={id}
              kind={kind}
              value={draft[`${kind}_id`]}
              onChange={(value) => change({ [`${kind}_id`]: value })}
              width="100%"
            />
          </Form.Item>
        ))}
        <Form.Item label={t('filter.period')}>
          <PeriodFilter value={draft.period} onChange={(period) => change({ period })} />
        </Form.Item>
        <Form.Item label={t('export.format')}>
          <Flex>
            <Radio.Group
              aria-label={t('export.format')}
              value={draft.format}
              onChange={(event) => change({ format: event.target.value as ExportFormat })}
              options={[
                { value: 'xlsx', label: t('export.xlsx') },
                { value: 'csv', label: t('export.csv') },
              ]}
            />
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
