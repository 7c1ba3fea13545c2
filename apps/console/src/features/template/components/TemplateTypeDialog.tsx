import type { ContentItem, TemplateType } from '@vitrine/contract';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { notify } from '../../../lib/notify';
import { useSetTemplateType, useTemplateTypeName } from '../api';

type Props = {
  /** The template whose type is chosen; none: closed. */
  item: ContentItem | null;
  types: readonly TemplateType[];
  onClose: () => void;
};

const FORM_ID = 'templateTypeChoice';

/** Files a mobile template under a type, or under none. */
export function TemplateTypeDialog({ item, types, onClose }: Props) {
  const { t } = useTranslation(['template', 'common']);
  const nameOf = useTemplateTypeName();
  const save = useSetTemplateType();
  const [error, setError] = useState<unknown>(null);

  const close = () => {
    setError(null);
    save.reset();
    onClose();
  };

  const submit = ({ template_type_id }: { template_type_id?: number | null }) => {
    if (!item) return;
    setError(null);
    save.mutate(
      { id: item.id, template_type_id: template_type_id ?? null },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('setType.done') });
          close();
        },
        onError: setError,
      },
    );
  };

  return (
    <Modal
      open={item !== null}
      title={t('setType.title', { name: item?.name ?? '' })}
      onCancel={close}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: save.isPending }}
      destroyOnHidden
    >
      <ErrorAlert error={error} />
      {item ? (
        <Form
          id={FORM_ID}
          layout="vertical"
          initialValues={{ template_type_id: item.template_type_id ?? undefined }}
          onFinish={submit}
        >
          <Form.Item name="template_type_id" label={t('setType.label')} extra={t('setType.help')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('type.none')}
              options={types.map((type) => ({ value: type.id, label: nameOf(type) }))}
            />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
