import { CloudUploadOutlined } from '@ant-design/icons';
import { type ContentType, UPLOAD_KINDS, UPLOAD_MAX_FILES } from '@vitrine/contract';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { getSession } from '../../../lib/session';
import { acceptOf, measureImage, type Refusal, selectFiles } from '../../../lib/upload/select';
import { uploads } from '../uploads';
import './upload.css';

type Props = {
  /** The page's content type: what the chooser offers and what a drop may hold. */
  type: ContentType;
  folderId?: number;
};

/** Where files are dropped or chosen; what passes the checks joins the upload queue. */
export function UploadDropzone({ type, folderId }: Props) {
  const { t } = useTranslation(['upload', 'contract', 'common']);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  const types = (UPLOAD_KINDS.find((kind) => kind.type === type)?.extensions ?? [])
    .map((extension) => extension.toUpperCase())
    .join(', ');

  const describe = (refusal: Refusal) => {
    const reason = t(`contract:${refusal.key}`, refusal.values);
    return refusal.name ? t('upload:refusedFile', { name: refusal.name, reason }) : reason;
  };

  async function take(files: File[]) {
    if (files.length === 0) return;
    setBusy(true);
    try {
      const { accepted, refusals } = await selectFiles(files, {
        type,
        available: getSession().ossAvailableSize,
        measure: measureImage,
      });
      if (refusals.length > 0) {
        notify({
          type: 'warning',
          key: 'upload-refused',
          title: t('common:tips'),
          description: refusals.map(describe).join('\n'),
          // One refusal per line.
          style: { whiteSpace: 'pre-line' },
        });
      }
      if (accepted.length > 0) uploads.add(accepted.map((pick) => ({ ...pick, folderId })));
    } finally {
      setBusy(false);
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void take([...event.dataTransfer.files]);
  };

  return (
    <>
      <button
        type="button"
        className={`upload-dropzone${over ? ' upload-dropzone--over' : ''}`}
        aria-busy={busy}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <CloudUploadOutlined className="upload-dropzone__icon" aria-hidden />
        <span>{t('upload:dropzone.title')}</span>
        <span className="upload-dropzone__hint">
          {t('upload:dropzone.hint', { max: UPLOAD_MAX_FILES, types })}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={acceptOf(type)}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so that choosing the same file again is seen as a change.
          event.target.value = '';
          void take(files);
        }}
      />
    </>
  );
}
