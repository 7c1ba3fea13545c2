import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLayoutMode } from '../../../lib/layout-mode';
import { ErrorAlert } from '../../account/components/ErrorAlert';
import { ProgramPreview } from '../../program/ProgramPreview';
import { type PreviewSource, usePlaylistProgram } from '../api';

type Props = { source: PreviewSource | null; title: string; onClose: () => void };

/** The playlist played as a screen plays it, by the player's own renderer. */
export function PlaylistPreview({ source, title, onClose }: Props) {
  const { t } = useTranslation('playlist');
  const { mobile } = useLayoutMode();
  const program = usePlaylistProgram(source);
  return (
    <Modal
      open={source !== null}
      title={t('preview.title', { name: title })}
      footer={null}
      width={mobile ? '100%' : 960}
      onCancel={onClose}
      destroyOnHidden
    >
      {program.isError ? <ErrorAlert error={program.error} /> : <ProgramPreview program={program.data} />}
    </Modal>
  );
}
