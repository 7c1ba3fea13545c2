import { type TrialTerms, trialTermsSchema } from '@vitrine/contract';
import { Button, Card, Descriptions, Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { NumberInput } from '../../../components/NumberInput';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useSaveTrialTerms, useTrialTerms } from '../api';

const shape = trialTermsSchema.shape;

/** The platform's trial terms: an inline form for the system roles, read-only for an owner. */
export function TrialTermsCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation('license');
  const rules = useRules();
  const terms = useTrialTerms();
  const save = useSaveTrialTerms();
  const [form] = Form.useForm<TrialTerms>();

  useEffect(() => {
    if (terms.data) form.setFieldsValue(terms.data);
  }, [terms.data, form]);

  const submit = (values: TrialTerms) =>
    save.mutate(values, { onSuccess: () => notify({ type: 'success', title: t('trial.saved') }) });

  return (
    <Card title={t('trial.terms')} loading={terms.isLoading} style={{ marginBottom: 16 }}>
      <ErrorAlert error={terms.error ?? save.error} />
      {editable ? (
        <Form<TrialTerms> form={form} layout="inline" onFinish={submit} style={{ rowGap: 12 }}>
          <Form.Item name="days" label={t('trial.days')} rules={[rules.zod(shape.days)]}>
            <NumberInput id="trialDays" min={1} max={365} width={120} />
          </Form.Item>
          <Form.Item name="limit" label={t('trial.limit')} rules={[rules.zod(shape.limit)]}>
            <NumberInput id="trialLimit" min={0} max={9999} width={120} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('trial.save')}
            </Button>
          </Form.Item>
        </Form>
      ) : (
        terms.data && (
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('trial.days')}>{terms.data.days}</Descriptions.Item>
            <Descriptions.Item label={t('trial.limit')}>{terms.data.limit}</Descriptions.Item>
          </Descriptions>
        )
      )}
    </Card>
  );
}
