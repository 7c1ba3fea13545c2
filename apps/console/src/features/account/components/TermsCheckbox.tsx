import { Checkbox, Form } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "I have read and agree to the User Agreement and Privacy Policy": required (spec 001 §5). */
export function TermsCheckbox() {
  const { t } = useTranslation(['account', 'contract']);
  return (
    <Form.Item
      name="accept_terms"
      valuePropName="checked"
      rules={[
        {
          validator: (_rule, checked: boolean | undefined) =>
            checked ? Promise.resolve() : Promise.reject(new Error(t('contract:validation.terms.required'))),
        },
      ]}
    >
      <Checkbox>
        <Trans
          t={t}
          i18nKey="account:terms.accept"
          components={{
            terms: <Link to="/terms" target="_blank" />,
            policy: <Link to="/policy" target="_blank" />,
          }}
        />
      </Checkbox>
    </Form.Item>
  );
}
