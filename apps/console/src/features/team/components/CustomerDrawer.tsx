import { type CustomerItem, createCustomerRequestSchema } from '@vitrine/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDrawer } from '../../../components/FormDrawer';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useSaveCustomer } from '../api';
import { useFormFailure } from './form-failure';

type Values = { customer_name: string; client_type?: string; email: string; username: string };
type Props = { open: boolean; customer: CustomerItem | null; onClose: () => void };
const shape = createCustomerRequestSchema.shape;

/** Creates a customer (SI) with its account, which gets the invite by mail, or renames one. */
export function CustomerDrawer({ open, customer, onClose }: Props) {
  const { t } = useTranslation('team');
  const rules = useRules();
  const [form] = Form.useForm<Values>();
  const save = useSaveCustomer();
  const failure = useFormFailure(form);
  const editing = customer !== null;

  const close = () => {
    failure.clear();
    save.reset();
    onClose();
  };

  const submit = (values: Values) => {
    failure.clear();
    const common = {
      customer_name: values.customer_name.trim(),
      client_type: values.client_type?.trim() || null,
    };
    const input = customer
      ? { id: customer.customer_id, body: common }
      : { body: { ...common, email: values.email.trim().toLowerCase(), username: values.username.trim() } };
    save.mutate(input, {
      onSuccess: () => {
        notify({
          type: 'success',
          title: customer ? t('saved') : t('user.invited', { email: values.email }),
        });
        close();
      },
      onError: failure.fail,
    });
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={editing ? t('customer.editTitle') : t('customer.addTitle')}
      formId="customerForm"
      submitting={save.isPending}
    >
      <ErrorAlert error={failure.error} />
      <Form<Values>
        name="customerForm"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          customer_name: customer?.customer_name,
          client_type: customer?.client_type ?? undefined,
          email: customer?.email ?? undefined,
        }}
      >
        <Form.Item
          name="customer_name"
          label={t('field.customerName')}
          rules={[rules.zod(shape.customer_name)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="client_type" label={t('field.clientType')} rules={[rules.zod(shape.client_type)]}>
          <Input autoComplete="off" />
        </Form.Item>
        {editing ? null : (
          <>
            <Form.Item name="email" label={t('field.accountEmail')} rules={[rules.email]}>
              <Input type="email" autoComplete="off" />
            </Form.Item>
            <Form.Item name="username" label={t('field.username')} rules={[rules.zod(shape.username)]}>
              <Input autoComplete="off" />
            </Form.Item>
          </>
        )}
      </Form>
    </FormDrawer>
  );
}
