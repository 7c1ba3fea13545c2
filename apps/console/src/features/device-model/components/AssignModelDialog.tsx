import type { UnknownModel } from '@vitrine/contract';
import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Name } from '../../../components/Name';
import { SearchSelect } from '../../../components/SearchSelect';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useAssignModel, useDeviceModelList } from '../api';

type Props = { reported: UnknownModel | null; onClose: () => void };

/** Every model, to choose from, on one page. */
const ALL_MODELS = { page_size: 200, sort: 'name,asc' } as const;

/** Says which catalogued model the devices reporting an unknown name are. */
export function AssignModelDialog({ reported, onClose }: Props) {
  const { t } = useTranslation('deviceModel');
  const rules = useRules();
  const assign = useAssignModel();
  const models = useDeviceModelList(ALL_MODELS);

  const close = () => {
    assign.reset();
    onClose();
  };

  const submit = ({ model_id }: { model_id: number }) =>
    assign.mutate(
      { device_ids: reported?.device_ids ?? [], model_id },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('assign.done', { count: reported?.device_ids.length ?? 0 }) });
          close();
        },
      },
    );

  return (
    <Modal
      open={reported !== null}
      title={t('assign.title')}
      onCancel={close}
      okText={t('assign.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'assignModel', loading: assign.isPending }}
      destroyOnHidden
    >
      <ErrorAlert error={assign.error} />
      {reported ? (
        <p>
          <Typography.Text strong>
            <Name>{reported.name}</Name>
          </Typography.Text>
          <br />
          {t('assign.intro', { count: reported.device_count })}
        </p>
      ) : null}
      <Form name="assignModel" layout="vertical" onFinish={submit}>
        <Form.Item name="model_id" label={t('assign.model')} rules={[rules.required('validation.required')]}>
          <SearchSelect<number>
            id="assignModelSelect"
            loading={models.isPending}
            options={(models.data?.list ?? []).map((model) => ({ value: model.id, label: model.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
