import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { useUnsavedGuard } from '../../lib/use-unsaved-guard';

/**
 * The question before leaving unsaved changes: the playlist editor's, and the schedule editors'
 * with `content` naming what they lose.
 */
export function useEditorGuard(dirty: boolean, content?: string) {
  const { t } = useTranslation('playlist');
  useUnsavedGuard(dirty, (leave) =>
    confirmAction({
      title: t('unsaved.title'),
      content: content ?? t('unsaved.content'),
      okText: t('unsaved.leave'),
      danger: true,
      onOk: leave,
    }),
  );
}
