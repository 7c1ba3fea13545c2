import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { richText } from '../../../lib/rich-text';
import { FormField } from './FormField';

type Props = { checked: boolean; error?: string | null; onChange: (checked: boolean) => void };

/** The terms must be accepted (spec 001 §5): "I have read and agree to the User Agreement and Privacy Policy". */
export function TermsCheckbox({ checked, error, onChange }: Props) {
  const { t } = useTranslation('account');
  return (
    <FormField id="accept_terms" error={error}>
      <Checkbox id="accept_terms" checked={checked} onChange={(event) => onChange(event.target.checked)}>
        {richText(t('terms.accept'), {
          terms: (text) => (
            <Link to="/terms" target="_blank">
              {text}
            </Link>
          ),
          policy: (text) => (
            <Link to="/policy" target="_blank">
              {text}
            </Link>
          ),
        })}
      </Checkbox>
    </FormField>
  );
}

/** The check of the terms field, for useFieldForm. */
export const checkTerms = (accepted: boolean) => (accepted ? null : 'validation.terms.required');
