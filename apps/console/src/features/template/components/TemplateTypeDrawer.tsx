import { TEMPLATE_TYPE_SORT_MAX, type TemplateType, templateTypeRequestSchema } from '@vitrine/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemDrawerProps } from '../../../components/ItemDrawer';
import { NumberInput } from '../../../components/NumberInput';
import { ItemSaveDrawer } from '../../../components/SaveDrawer';
import { useRules } from '../../../lib/form-rules';
import { useSaveTemplateType } from '../api';

type Props = ItemDrawerProps<TemplateType> & {
  /** The sort a new type starts with (after the others). */
  nextSort: number;
};

/** While typing, the sort may be empty: it is 0 then, first. */
type Values = { name: string; sort: number | null };

const FORM_ID = 'templateTypeForm';
const shape = templateTypeRequestSchema.shape;

/**
 * Adds or changes a template type: its name (≤ 64 characters) and where it sorts. A duplicate
 * name: the server's message above the form, which stays open.
 */
export function TemplateTypeDrawer({ item, nextSort, ...props }: Props) {
  const { t } = useTranslation('template');
  const rules = useRules();
  const save = useSaveTemplateType();

  return (
    <ItemSaveDrawer
      {...props}
      item={item}
      title={t(item ? 'type.edit' : 'type.add')}
      formId={FORM_ID}
      save={save}
      savedText={t('type.saved')}
    >
      {(submit) => (
        <Form<Values>
          id={FORM_ID}
          layout="vertical"
          onFinish={({ name, sort }) => submit({ name: name.trim(), sort: sort ?? 0 })}
          initialValues={item ? { name: item.name, sort: item.sort } : { name: '', sort: nextSort }}
        >
          <Form.Item name="name" label={t('type.field.name')} rules={[rules.zod(shape.name)]}>
            <Input autoFocus autoComplete="off" dir="auto" />
          </Form.Item>
          <Form.Item
            name="sort"
            label={t('type.field.sort')}
            extra={t('type.help.sort')}
            rules={[rules.zod(shape.sort)]}
          >
            <NumberInput min={0} max={TEMPLATE_TYPE_SORT_MAX} />
          </Form.Item>
        </Form>
      )}
    </ItemSaveDrawer>
  );
}
