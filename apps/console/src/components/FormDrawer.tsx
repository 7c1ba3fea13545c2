import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EndDrawer } from './EndDrawer';

type Props = {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** The form's id: the footer's submit button submits it. */
  formId: string;
  submitting: boolean;
  submitText?: ReactNode;
  children: ReactNode;
};

/** A drawer from the end side (right, or left in Arabic) holding one form, full width on phones. */
export function FormDrawer({ open, title, onClose, formId, submitting, submitText, children }: Props) {
  const { t } = useTranslation('team');
  return (
    <EndDrawer
      open={open}
      title={title}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="primary" htmlType="submit" form={formId} loading={submitting} id={`${formId}Submit`}>
            {submitText ?? t('action.save')}
          </Button>
        </Flex>
      }
    >
      {children}
    </EndDrawer>
  );
}
