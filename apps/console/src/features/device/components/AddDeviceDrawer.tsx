import { deviceAddRequestSchema } from '@vitrine/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDrawer } from '../../../components/FormDrawer';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { WorkspaceTreeSelect } from '../../workspace/ui';
import { useAddDevice } from '../api';

// Field names are the element ids the onboarding tour points at (spec 000 §2), so the form has
// no name of its own (antd would prefix the ids with it).
type Values = {
  digitalSignageId: string;
  deviceName: string;
  group_id: number;
  deviceAuthentication: string;
};

type Props = { open: boolean; signageId?: string; onClose: () => void };
const shape = deviceAddRequestSchema.shape;
const FORM_ID = 'addDeviceForm';

/** Adds a screen with the signage ID and PIN it shows, into a workspace of the caller's tree. */
export function AddDeviceDrawer({ open, signageId, onClose }: Props) {
  const { t } = useTranslation(['device', 'contract']);
  const rules = useRules();
  const { workspaceId } = useSession();
  const add = useAddDevice();

  const close = () => {
    add.reset();
    onClose();
  };

  const submit = (values: Values) => {
    const body = {
      signage_id: values.digitalSignageId.trim().toUpperCase(),
      device_name: values.deviceName.trim(),
      group_id: values.group_id,
      authentication: values.deviceAuthentication.trim(),
    };
    add.mutate(body, {
      onSuccess: (device) => {
        // Past the company's trials the claim still succeeds: the device needs a licence to be scheduled.
        const exhausted = device.trial === 'exhausted';
        notify({
          type: exhausted ? 'warning' : 'success',
          title: t('add.done', { name: device.device_name }),
          description: exhausted
            ? t('add.trialsExhausted')
            : device.trial === 'granted'
              ? t('add.trialGranted')
              : undefined,
        });
        close();
      },
    });
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={t('add.title')}
      formId={FORM_ID}
      submitting={add.isPending}
      submitText={t('add.submit')}
    >
      <ErrorAlert error={add.error} />
      <Form<Values>
        id={FORM_ID}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          digitalSignageId: signageId?.toUpperCase(),
          group_id: workspaceId ?? undefined,
        }}
      >
        <Form.Item
          name="digitalSignageId"
          label={t('field.signageId')}
          extra={t('add.signageIdHelp')}
          normalize={(value: string) => value.toUpperCase()}
          rules={[rules.zod(shape.signage_id)]}
        >
          <Input autoComplete="off" maxLength={6} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item name="deviceName" label={t('field.deviceName')} rules={[rules.zod(shape.device_name)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="group_id"
          label={t('field.workspace')}
          rules={[rules.required('validation.required')]}
        >
          <WorkspaceTreeSelect />
        </Form.Item>
        <Form.Item
          name="deviceAuthentication"
          label={t('field.pin')}
          extra={t('add.pinHelp')}
          rules={[rules.zod(shape.authentication)]}
        >
          <Input autoComplete="off" inputMode="numeric" maxLength={6} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
