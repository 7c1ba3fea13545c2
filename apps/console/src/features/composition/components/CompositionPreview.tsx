import type { CanvasSize, CompositionRequest } from '@vitrine/contract';
import { Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ProgramPreview } from '../../program/ui';
import { useCompositionProgram } from '../api';

type Props = {
  /** A saved composition's id, or the editor's draft (saved or not). */
  source: number | CompositionRequest;
  name: string;
  canvas: CanvasSize;
  onClose: () => void;
};

/** How much of the window the preview may take, and the room of the dialog's title and padding. */
const WINDOW_SHARE = 0.9;
const CHROME = { width: 48, height: 110 };

/**
 * The composition as a screen plays it, by the player's own renderer (the server turns it into a
 * Program): as large as the window allows, up to the canvas's real size.
 */
export function CompositionPreview({ source, name, canvas, onClose }: Props) {
  const { t } = useTranslation('composition');
  const program = useCompositionProgram(source);
  const scale = Math.min(
    1,
    (window.innerWidth * WINDOW_SHARE - CHROME.width) / canvas.width,
    (window.innerHeight * WINDOW_SHARE - CHROME.height) / canvas.height,
  );
  return (
    <Modal
      open
      centered
      footer={null}
      title={t('preview.title', { name })}
      width={Math.round(canvas.width * scale) + CHROME.width}
      onCancel={onClose}
      destroyOnHidden
    >
      <ErrorAlert error={program.error} />
      <div className="composition-preview" style={{ aspectRatio: `${canvas.width} / ${canvas.height}` }}>
        {program.data ? (
          <ProgramPreview program={program.data} />
        ) : program.isPending ? (
          <Skeleton.Node active />
        ) : null}
      </div>
    </Modal>
  );
}
