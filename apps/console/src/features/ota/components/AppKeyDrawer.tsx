import { type AppKeyCreateRequest, type AppKeySecret, appKeyCreateRequestSchema } from '@vitrine/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SaveDrawer } from '../../../components/SaveDrawer';
import { useRules } from '../../../lib/form-rules';
import { useCreateAppKey } from '../key-api';
import { savingWith } from './KeySecretDialog';

const FORM_ID = 'otaAppKeyForm';
const shape = appKeyCreateRequestSchema.shape;

/** Adds an app key for one application package; its secret is handed to `onCreated` to show once. */
export function AppKeyDrawer({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: AppKeySecret) => void;
}) {
  const { t } = useTranslation('ota-key');
  const rules = useRules();
  const create = useCreateAppKey();
  return (
    <SaveDrawer
      open={open}
      onClose={onClose}
      title={t('app.create')}
      formId={FORM_ID}
      save={savingWith(create, onCreated)}
      savedText={t('app.created')}
    >
      {(send) => (
        <Form<AppKeyCreateRequest> id={FORM_ID} layout="vertical" onFinish={send}>
          <Form.Item required name="name" label={t('field.name')} rules={[rules.zod(shape.name)]}>
            <Input dir="auto" maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item
            required
            name="package"
            label={t('field.package')}
            extra={t('app.packageHint')}
            rules={[rules.zod(shape.package)]}
          >
            <Input dir="ltr" maxLength={128} autoComplete="off" placeholder="com.acme.signage" />
          </Form.Item>
        </Form>
      )}
    </SaveDrawer>
  );
}
