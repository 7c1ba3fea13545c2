import { useTranslation } from 'react-i18next';
import type { SaveMutation } from '../../../components/SaveDrawer';
import { SecretDialog, type SecretDialogProps } from '../../../components/SecretDialog';

/** The keys just made or rotated, shown this once in the shared SecretDialog with the OTA keys' words. */
export function KeySecretDialog(props: Omit<SecretDialogProps, 'texts'>) {
  const { t } = useTranslation('ota-key');
  return (
    <SecretDialog
      {...props}
      texts={{ once: t('secretOnce'), done: t('secretDone'), copy: t('copy'), copied: t('copied') }}
    />
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
