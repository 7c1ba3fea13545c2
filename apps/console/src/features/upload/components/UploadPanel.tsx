import { CloseOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { UploadStatus } from '@vitrine/contract';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutMode } from '../../../lib/layout-mode';
import type { UploadEntry } from '../../../lib/upload/queue';
import { type UploadActions, UploadRow } from './UploadRow';
import './upload.css';

type Props = { entries: readonly UploadEntry[]; actions: UploadActions };

/** The floating list of uploads (spec 000 §4), shown from any page while it holds files. */
export function UploadPanel({ entries, actions }: Props) {
  const { t } = useTranslation('upload');
  const { mobile } = useLayoutMode();
  const [collapsed, setCollapsed] = useState(false);
  const count = (status: UploadStatus) => entries.filter((entry) => entry.status === status).length;
  const uploading = entries.filter(
    (entry) => entry.status === UploadStatus.uploading && !entry.paused,
  ).length;
  const failed = count(UploadStatus.error);
  const finished = count(UploadStatus.success);
  const allDone = finished + failed === entries.length;
  const toggle = collapsed ? t('panel.expand') : t('panel.collapse');

  return (
    <section className={`upload-panel${mobile ? ' upload-panel--mobile' : ''}`} aria-label={t('panel.title')}>
      <header className="upload-panel__header">
        <div className="upload-panel__summary">
          <strong>{t('panel.title')}</strong>
          <span aria-live="polite">
            {t('panel.count', { uploading, total: entries.length })}
            {failed > 0 ? ` · ${t('panel.failed', { count: failed })}` : null}
          </span>
        </div>
        {finished > 0 && !allDone ? (
          <Button type="link" size="small" onClick={actions.clearFinished}>
            {t('panel.clearFinished')}
          </Button>
        ) : null}
        <Tooltip title={toggle}>
          <Button
            type="text"
            size="small"
            icon={collapsed ? <UpOutlined /> : <DownOutlined />}
            aria-label={toggle}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed(!collapsed)}
          />
        </Tooltip>
        {allDone ? (
          <Tooltip title={t('panel.close')}>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('panel.close')}
              onClick={actions.dismiss}
            />
          </Tooltip>
        ) : null}
      </header>
      {collapsed ? null : (
        <ul className="upload-panel__list">
          {entries.map((entry) => (
            <UploadRow key={entry.id} entry={entry} actions={actions} />
          ))}
        </ul>
      )}
    </section>
  );
}
