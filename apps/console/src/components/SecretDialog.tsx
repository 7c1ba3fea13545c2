import { Alert, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Name } from './Name';

/** One secret to show: what it is for, and the secret. */
export type ShownSecret = { label: string; secret: string };

/** The dialog's words, in the namespace of the feature that shows it. */
export type SecretTexts = {
  /** That it is shown only this once. */
  once: string;
  /** The button that closes it. */
  done: string;
  copy: string;
  copied: string;
};

export type SecretDialogProps = {
  title: ReactNode;
  secrets: readonly ShownSecret[] | null;
  onClose: () => void;
  texts: SecretTexts;
};

/**
 * Secrets just made, shown this once (the server keeps only their hash): each with a copy button,
 * left to right in any language. Open while `secrets` is not null.
 */
export function SecretDialog({ title, secrets, onClose, texts }: SecretDialogProps) {
  return (
    <Modal
      open={secrets !== null}
      title={title}
      onCancel={onClose}
      onOk={onClose}
      okText={texts.done}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={texts.once} style={{ marginBottom: 16 }} />
      {secrets?.map(({ label, secret }) => (
        <div key={secret} data-testid="shown-secret">
          <Typography.Text type="secondary">
            <Name>{label}</Name>
          </Typography.Text>
          <Typography.Paragraph
            code
            dir="ltr"
            copyable={{ text: secret, tooltips: [texts.copy, texts.copied] }}
            style={{ wordBreak: 'break-all' }}
          >
            {secret}
          </Typography.Paragraph>
        </div>
      ))}
    </Modal>
  );
}
