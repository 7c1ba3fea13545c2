import { type OtaPackageItem, otaPackageEditRequestSchema } from '@vitrine/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SaveDrawer } from '../../../components/SaveDrawer';
import { leftToRight } from '../../../lib/bidi';
import { useRules } from '../../../lib/form-rules';
import { useEditPackage } from '../api';
import { ModelSelect } from './ModelSelect';

type Values = { description: string; model_ids: number[] };

const FORM_ID = 'otaPackageEditForm';
const shape = otaPackageEditRequestSchema.shape;

/** Changes a package's description and target models (its version and file stay). */
export function PackageEditDrawer({ item, onClose }: { item: OtaPackageItem | null; onClose: () => void }) {
  const { t } = useTranslation('ota');
  const rules = useRules();
  const save = useEditPackage();
  return (
    <SaveDrawer
      open={item !== null}
      onClose={onClose}
      title={item ? t('edit', { version: leftToRight(item.version) }) : ''}
      formId={FORM_ID}
      save={save}
      savedText={t('saved')}
    >
      {(send) =>
        item ? (
          <Form<Values>
            key={item.id}
            id={FORM_ID}
            layout="vertical"
            initialValues={{ description: item.description, model_ids: item.models.map((model) => model.id) }}
            onFinish={(body) => send({ id: item.id, body })}
          >
            <Form.Item
              required
              name="model_ids"
              label={t('field.models')}
              rules={[rules.zod(shape.model_ids)]}
            >
              <ModelSelect mode="multiple" allowClear placeholder={t('placeholder.models')} />
            </Form.Item>
            <Form.Item
              name="description"
              label={t('field.description')}
              rules={[rules.zod(shape.description)]}
            >
              <Input.TextArea dir="auto" maxLength={256} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
          </Form>
        ) : null
      }
    </SaveDrawer>
  );
}
