import { CaretRightOutlined, CloseOutlined, PauseOutlined, ReloadOutlined } from '@ant-design/icons';
import { UploadStatus } from '@vitrine/contract';
import { Button, Progress, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/format';
import type { UploadEntry, UploadQueue } from '../../../lib/upload/queue';

export type UploadActions = Pick<
  UploadQueue,
  'pause' | 'resume' | 'cancel' | 'retry' | 'clearFinished' | 'dismiss'
>;

type Phase = 'waiting' | 'preparing' | 'uploading' | 'paused' | 'success' | 'error';

const TAG_COLOR: Record<Phase, string> = {
  waiting: 'default',
  preparing: 'processing',
  uploading: 'processing',
  paused: 'warning',
  success: 'success',
  error: 'error',
};

/** What the row says: the spec's four statuses, with paused and the fingerprinting told apart. */
export function phaseOf(entry: UploadEntry): Phase {
  if (entry.paused) return 'paused';
  switch (entry.status) {
    case UploadStatus.uploading:
      return entry.hashing ? 'preparing' : 'uploading';
    case UploadStatus.success:
      return 'success';
    case UploadStatus.error:
      return 'error';
    default:
      return 'waiting';
  }
}

/** An icon button whose tooltip says the action and whose accessible name also names the file. */
function RowAction({
  tip,
  label,
  icon,
  onClick,
}: {
  tip: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  return (
    <Tooltip title={tip}>
      <Button type="text" size="small" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

export function UploadRow({ entry, actions }: { entry: UploadEntry; actions: UploadActions }) {
  const { t } = useTranslation('upload');
  const phase = phaseOf(entry);
  const { id, name } = entry;
  const running = phase === 'preparing' || phase === 'uploading';
  const action = (key: 'pause' | 'resume' | 'cancel' | 'retry', icon: ReactNode) => (
    <RowAction
      key={key}
      tip={t(`action.${key}`)}
      label={t(`action.${key}File`, { name })}
      icon={icon}
      onClick={() => actions[key](id)}
    />
  );

  return (
    <li className="upload-row">
      <div className="upload-row__line">
        <span className="upload-row__name" title={name} dir="auto">
          {name}
        </span>
        <Tag color={TAG_COLOR[phase]} className="upload-row__tag">
          {t(`status.${phase}`)}
        </Tag>
      </div>
      <Progress
        percent={entry.progress}
        size="small"
        status={
          phase === 'error' ? 'exception' : phase === 'success' ? 'success' : running ? 'active' : 'normal'
        }
        aria-label={name}
      />
      <div className="upload-row__line">
        <span className="upload-row__meta">
          <bdi>{formatSize(entry.size)}</bdi>
          {phase === 'uploading' && entry.speed > 0 ? (
            <bdi>{t('speed', { size: formatSize(Math.round(entry.speed)) })}</bdi>
          ) : null}
        </span>
        <span className="upload-row__actions">
          {running || phase === 'waiting' ? action('pause', <PauseOutlined />) : null}
          {phase === 'paused' ? action('resume', <CaretRightOutlined />) : null}
          {phase === 'error' ? action('retry', <ReloadOutlined />) : null}
          {phase === 'success' ? null : action('cancel', <CloseOutlined />)}
        </span>
      </div>
      {phase === 'error' ? (
        <div className="upload-row__error" role="alert">
          {entry.error ?? t('readFailed')}
        </div>
      ) : null}
    </li>
  );
}
