import { Alert, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Name } from '../../../components/Name';
import type { SaveMutation } from '../../../components/SaveDrawer';

/** One secret to show: what it is for, and the secret. */
export type ShownSecret = { label: string; secret: string };

type Props = { title: ReactNode; secrets: readonly ShownSecret[] | null; onClose: () => void };

/**
 * The secrets just made, shown this once (the server keeps only their hash): each with a copy
 * button, left to right in any language.
 */
export function KeySecretDialog({ title, secrets, onClose }: Props) {
  const { t } = useTranslation('ota-key');
  return (
    <Modal
      open={secrets !== null}
      title={title}
      onCancel={onClose}
      onOk={onClose}
      okText={t('secretDone')}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t('secretOnce')} style={{ marginBottom: 16 }} />
      {secrets?.map(({ label, secret }) => (
        <div key={secret} data-testid="ota-key-secret">
          <Typography.Text type="secondary">
            <Name>{label}</Name>
          </Typography.Text>
          <Typography.Paragraph
            code
            dir="ltr"
            copyable={{ text: secret, tooltips: [t('copy'), t('copied')] }}
            style={{ wordBreak: 'break-all' }}
          >
            {secret}
          </Typography.Paragraph>
        </div>
      ))}
    </Modal>
  );
}

/**
 * A save for SaveDrawer that also hands its answer on (the secret to show) once the drawer's
 * own success has run.
 */
export function savingWith<V, R>(
  mutation: {
    mutate: (
      variables: V,
      callbacks: { onSuccess: (result: R) => void; onError: (error: unknown) => void },
    ) => void;
    reset: () => void;
    isPending: boolean;
  },
  onResult: (result: R) => void,
): SaveMutation<V> {
  return {
    isPending: mutation.isPending,
    reset: mutation.reset,
    mutate: (variables, callbacks) =>
      mutation.mutate(variables, {
        onSuccess: (result) => {
          callbacks.onSuccess();
          onResult(result);
        },
        onError: callbacks.onError,
      }),
  };
}
