import { PASSWORD_CHANGED_REDIRECT_MS } from '@vitrine/contract';
import { Button, Form, type FormRule, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmRule, useRules } from '../../../lib/form-rules';
import { useLayoutMode } from '../../../lib/layout-mode';
import { notify } from '../../../lib/notify';
import { signOut } from '../../../lib/session';
import { useThrottledClick } from '../../../lib/throttle';
import { useChangePassword, useCheckOldPwd } from '../api';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };
type Answer = { value: string; ok: boolean };

/**
 * Change Password (spec 000 §2, §4): Submit waits for the server to confirm the old password; on
 * success a notice, then the login page. Shown in the user menu's drawer and as the phone page.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation(['account', 'contract']);
  const rules = useRules();
  const { mobile } = useLayoutMode();
  const [form] = Form.useForm<Values>();
  const oldPassword = Form.useWatch('oldPassword', form);
  const checkOld = useCheckOldPwd();
  const change = useChangePassword();
  // The server's last answer about an old password; Submit waits for a "yes" to the typed value.
  const [answer, setAnswer] = useState<Answer | null>(null);
  const answerRef = useRef<Answer | null>(null);

  const record = (next: Answer | null) => {
    answerRef.current = next;
    setAnswer(next);
  };

  // A rule, not a one-off error: a validation still running for the same value cannot wipe it.
  const oldPasswordChecked: FormRule = {
    validator: async (_rule, value: unknown) => {
      const last = answerRef.current;
      if (last && !last.ok && last.value === value) throw new Error(t('contract:code.401003'));
    },
  };

  // Checked on blur only (spec 000 §4): leaving the window mid-word (to look the password up) is
  // no blur of the field, and typing again sets a refusal aside until the next blur.
  const verifyOld = () => {
    const typed: string = form.getFieldValue('oldPassword') ?? '';
    if (!document.hasFocus()) return;
    if (typed === '' || (answerRef.current?.ok && answerRef.current.value === typed)) return;
    // Any answer other than 220000 with true means the old password is wrong (spec 000 §8).
    const settle = (ok: boolean) => {
      // A late answer about a value since edited says nothing about the current one.
      if (form.getFieldValue('oldPassword') !== typed) return;
      record({ value: typed, ok });
      if (!ok) form.validateFields(['oldPassword']).catch(() => undefined);
    };
    checkOld.mutate(typed, {
      onSuccess: ({ result }) => settle(result === true),
      onError: () => settle(false),
    });
  };

  const submit = useThrottledClick((values: Values) => {
    change.mutate(
      {
        password: values.newPassword,
        confirm_password: values.confirmPassword,
        old_password: values.oldPassword,
      },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            title: t('changePassword.successTitle'),
            description: t('changePassword.success'),
          });
          setTimeout(signOut, PASSWORD_CHANGED_REDIRECT_MS);
        },
      },
    );
  });

  const ready = answer?.ok === true && answer.value === oldPassword && !change.isSuccess;
  return (
    <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
      <Form.Item
        name="oldPassword"
        label={t('field.oldPassword')}
        rules={[rules.oldPassword, oldPasswordChecked]}
        validateStatus={checkOld.isPending ? 'validating' : undefined}
        hasFeedback={checkOld.isPending}
      >
        <Input.Password
          autoComplete="current-password"
          onBlur={verifyOld}
          onChange={() => {
            if (answerRef.current?.ok === false) record(null);
          }}
        />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('field.newPassword')}
        extra={t('field.passwordHint')}
        rules={[rules.newPassword]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('field.confirmPassword')}
        dependencies={['newPassword']}
        rules={[rules.confirmPassword, confirmRule('newPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button
        id="changePasswordSubmit"
        type="primary"
        htmlType="submit"
        block={mobile}
        disabled={!ready}
        loading={change.isPending}
      >
        {t('changePassword.submit')}
      </Button>
    </Form>
  );
}
