import { checkConfirmPassword, checkNewPassword } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import type { FieldChecks, FieldForm } from '../../../lib/field-form';
import { FormField } from './FormField';
import { PasswordInput } from './inputs';

type Passwords = { password: string; confirm_password: string };

/** The contract's rules for a new password and its confirmation, which must repeat it. */
export const newPasswordChecks: FieldChecks<Passwords> = {
  password: checkNewPassword,
  confirm_password: (value, values) =>
    checkConfirmPassword(value) ?? (value === values.password ? null : 'validation.confirm.mismatch'),
};

type Props = { form: Pick<FieldForm<Passwords>, 'errors' | 'input'>; label?: string };

/** A new password (the field `password`) and its confirmation (`confirm_password`). */
export function NewPasswordFields({ form, label }: Props) {
  const { t } = useTranslation('account');
  return (
    <>
      <FormField
        id="password"
        label={label ?? t('field.newPassword')}
        error={form.errors.password}
        extra={t('field.passwordHint')}
      >
        <PasswordInput autoComplete="new-password" {...form.input('password')} />
      </FormField>
      <FormField
        id="confirm_password"
        label={t('field.confirmPassword')}
        error={form.errors.confirm_password}
      >
        <PasswordInput autoComplete="new-password" {...form.input('confirm_password')} />
      </FormField>
    </>
  );
}
