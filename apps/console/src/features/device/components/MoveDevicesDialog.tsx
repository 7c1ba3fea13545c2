import type { DeviceItem } from '@vitrine/contract';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { WorkspaceTreeSelect } from '../../workspace/ui';
import { useMoveDevices } from '../api';

type Props = { devices: readonly DeviceItem[]; onClose: (moved: boolean) => void };

/** Moves one device or a selection into another workspace. */
export function MoveDevicesDialog({ devices, onClose }: Props) {
  const { t } = useTranslation('device');
  const rules = useRules();
  const move = useMoveDevices();
  // One device starts from its own workspace; a selection from none.
  const current = devices.length === 1 ? devices[0].group_id : undefined;

  const close = (moved: boolean) => {
    move.reset();
    onClose(moved);
  };

  const submit = ({ group_id }: { group_id: number }) =>
    move.mutate(
      { ids: devices.map((device) => device.device_id), group_id },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('move.done') });
          close(true);
        },
      },
    );

  return (
    <Modal
      open={devices.length > 0}
      title={t('move.title')}
      onCancel={() => close(false)}
      okText={t('move.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'moveDevices', loading: move.isPending }}
      destroyOnHidden
    >
      <ErrorAlert error={move.error} />
      <Form name="moveDevices" layout="vertical" onFinish={submit} initialValues={{ group_id: current }}>
        <Form.Item name="group_id" label={t('move.target')} rules={[rules.required('validation.required')]}>
          <WorkspaceTreeSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
