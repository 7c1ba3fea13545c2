import { type DeviceItem, deviceEditRequestSchema, type ProgramRef } from '@vitrine/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permissions';
import { useUpdateDevice } from '../api';
import { DefaultProgramSelect } from './DefaultProgramSelect';

type Values = { device_name: string; description?: string; default_program: ProgramRef | null };
type Props = { device: DeviceItem | null; onClose: () => void };
const shape = deviceEditRequestSchema.shape;

/** Renames a device, edits its description and chooses what it plays by default. */
export function EditDeviceDialog({ device, onClose }: Props) {
  const { t } = useTranslation('device');
  const rules = useRules();
  const update = useUpdateDevice();
  // Choosing needs seeing at least one kind of program; without, the choice made stays as it is.
  const canChoose = usePermission(['res:playlist:list', 'res:composition:list']);

  const close = () => {
    update.reset();
    onClose();
  };

  const submit = (values: Values) => {
    if (!device) return;
    const body = {
      device_name: values.device_name.trim(),
      description: values.description?.trim() || null,
      ...(canChoose ? { default_program: values.default_program ?? null } : {}),
    };
    update.mutate(
      { deviceId: device.device_id, body },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('saved') });
          close();
        },
      },
    );
  };

  return (
    <Modal
      open={device !== null}
      title={t('edit.title')}
      onCancel={close}
      okText={t('action.save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'editDevice', loading: update.isPending }}
      destroyOnHidden
    >
      <ErrorAlert error={update.error} />
      <Form<Values>
        name="editDevice"
        layout="vertical"
        onFinish={submit}
        initialValues={{
          device_name: device?.device_name,
          description: device?.description ?? undefined,
          default_program: device?.default_program ?? null,
        }}
      >
        <Form.Item name="device_name" label={t('field.deviceName')} rules={[rules.zod(shape.device_name)]}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')} rules={[rules.zod(shape.description)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        {device && canChoose && (
          <Form.Item
            name="default_program"
            label={t('field.defaultProgram')}
            extra={t('defaultProgram.help')}
          >
            <DefaultProgramSelect workspaceId={device.group_id} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
