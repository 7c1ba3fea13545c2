import { type WhitelistAddRequest, whitelistAddRequestSchema } from '@vitrine/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SaveDrawer } from '../../../components/SaveDrawer';
import { useRules } from '../../../lib/form-rules';
import { useAddWhitelist } from '../api';

type Values = { macs: string; note?: string };
type Props = { open: boolean; onClose: () => void };
const shape = whitelistAddRequestSchema.shape;

/** One address a line (or separated by commas or spaces), as an entry batch of up to 50. */
const macsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** "Add MAC addresses": checked as the server checks them; duplicates come back named. */
export function WhitelistDrawer({ open, onClose }: Props) {
  const { t } = useTranslation('license');
  const rules = useRules();
  const add = useAddWhitelist();
  return (
    <SaveDrawer<WhitelistAddRequest>
      open={open}
      onClose={onClose}
      title={t('whitelist.add')}
      formId="whitelistForm"
      save={add}
      savedText={t('whitelist.added')}
    >
      {(send) => (
        <Form<Values>
          name="whitelistForm"
          layout="vertical"
          onFinish={(values) => send({ macs: macsOf(values.macs ?? ''), note: values.note ?? '' })}
        >
          <Form.Item
            name="macs"
            label={t('whitelist.macs')}
            extra={t('whitelist.macsHint')}
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const result = shape.macs.safeParse(macsOf(value ?? ''));
                  if (!result.success) throw new Error(t(`contract:${result.error.issues[0].message}`));
                },
              },
            ]}
          >
            <Input.TextArea rows={6} dir="ltr" autoComplete="off" placeholder="aa:bb:cc:dd:ee:ff" />
          </Form.Item>
          <Form.Item name="note" label={t('whitelist.note')} rules={[rules.zod(shape.note)]}>
            <Input maxLength={256} />
          </Form.Item>
        </Form>
      )}
    </SaveDrawer>
  );
}
