import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './FormField.css';

/** A public page's form: Ant Design's vertical form look, without its Form machinery. */
export function FieldForm({
  large = false,
  onSubmit,
  children,
}: {
  large?: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className={large ? 'field-form field-form--large' : 'field-form'} onSubmit={onSubmit}>
      {children}
    </form>
  );
}

type Props = {
  /** The control's id: the label points at it, and the message is `${id}_help`. */
  id: string;
  label?: ReactNode;
  /** The contract's message key of the rule the value breaks. */
  error?: string | null;
  extra?: ReactNode;
  children: ReactNode;
};

/** One field: label, control, the contract's message when a rule fails, and a hint. */
export function FormField({ id, label, error, extra, children }: Props) {
  const { t } = useTranslation('contract');
  return (
    <div className={error ? 'form-field form-field--error' : 'form-field'}>
      {label && (
        <div className="form-field__label">
          <label htmlFor={id}>{label}</label>
        </div>
      )}
      <div className="form-field__control">{children}</div>
      {error && (
        <div id={`${id}_help`} className="form-field__error" role="alert">
          {t(error)}
        </div>
      )}
      {extra && <div className="form-field__extra">{extra}</div>}
    </div>
  );
}
