import { PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { LibraryContentType } from '@vitrine/contract';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFileType, KIND_OF } from '../library';

type Props = {
  type: LibraryContentType;
  inBin: boolean;
  filtered: boolean;
  /** The list could not be loaded (the notice said why): offer to ask again. */
  onRetry?: () => void;
  /** Opens the file chooser, or the form of a new website or stream. */
  onAdd: () => void;
};

/** An empty library: what to do first; an empty search or bin says so. */
export function LibraryEmpty({ type, inBin, filtered, onRetry, onAdd }: Props) {
  const { t } = useTranslation('content');
  if (onRetry) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.failed')}>
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          {t('empty.retry')}
        </Button>
      </Empty>
    );
  }
  if (inBin) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.bin')} />;
  if (filtered) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.noMatch')} />;
  const kind = KIND_OF[type];
  const file = isFileType(type);
  return (
    <Empty description={t(`empty.${kind}`)}>
      <Button type="primary" icon={file ? <UploadOutlined /> : <PlusOutlined />} onClick={onAdd}>
        {file ? t('empty.choose') : t(`link.add.${kind}`)}
      </Button>
    </Empty>
  );
}
