import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRule, useRules } from '../../../lib/form-rules';

type Props = {
  /** Field names: they are also the inputs' ids. */
  name: string;
  confirmName: string;
  label?: string;
};

/** A new password and its confirmation, with the contract's rules; the confirmation follows the password. */
export function NewPasswordFields({ name, confirmName, label }: Props) {
  const { t } = useTranslation('account');
  const rules = useRules();
  return (
    <>
      <Form.Item
        name={name}
        label={label ?? t('field.newPassword')}
        extra={t('field.passwordHint')}
        rules={[rules.newPassword]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={confirmName}
        label={t('field.confirmPassword')}
        dependencies={[name]}
        rules={[rules.confirmPassword, confirmRule(name)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
