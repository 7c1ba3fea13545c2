import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PreviewDialog } from '../../../components/PreviewDialog';
import { ProgramPreview } from '../../program/ui';
import { type PreviewSource, usePlaylistProgram } from '../api';

const DEFAULT_RATIO = 16 / 9;

type Props = { source: PreviewSource | null; title: string; onClose: () => void };

/** The playlist played as a screen plays it, by the player's own renderer. */
export function PlaylistPreview({ source, title, onClose }: Props) {
  const { t } = useTranslation('playlist');
  const program = usePlaylistProgram(source);
  const ratio = program.data ? program.data.width / program.data.height : DEFAULT_RATIO;
  return (
    <PreviewDialog
      open={source !== null}
      title={t('preview.title', { name: title })}
      width={960}
      onClose={onClose}
    >
      {program.isError ? (
        <ErrorAlert error={program.error} />
      ) : (
        // As wide as the dialog, but no taller than most of the window: portrait canvases too.
        <div className="playlist-preview" style={{ '--canvas-ratio': ratio } as CSSProperties}>
          <ProgramPreview program={program.data} />
        </div>
      )}
    </PreviewDialog>
  );
}
