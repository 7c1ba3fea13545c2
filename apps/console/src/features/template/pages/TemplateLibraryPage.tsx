import { SettingOutlined } from '@ant-design/icons';
import {
  type ContentItem,
  ContentType,
  H5_MAX_ENTRIES,
  H5_MAX_UNPACKED_BYTES,
  type TemplateType,
} from '@vitrine/contract';
import { Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatSize } from '../../../lib/format';
import type { ListPatch } from '../../../lib/list-params';
import { usePermission } from '../../../lib/permissions';
import { ContentLibraryPage, type LibraryExtension } from '../../content/ui';
import { useTemplateTypeName, useTemplateTypes } from '../api';
import { TemplateTypeDialog } from '../components/TemplateTypeDialog';
import '../components/template.css';
import { Tabs } from '../../../components/Tabs';

const ALL = 'all';

type TabsProps = {
  types: readonly TemplateType[];
  value: number | undefined;
  onChange: (patch: ListPatch) => void;
};

/** All templates, or those of one type; the way to the types for whoever may change them. */
function TypeTabs({ types, value, onChange }: TabsProps) {
  const { t } = useTranslation('template');
  const nameOf = useTemplateTypeName();
  const manages = usePermission('setting:template-type:list');
  return (
    <Tabs
      tabBarExtraContent={
        manages ? (
          <Link to="/setting/tmptype" className="template-types__manage">
            <SettingOutlined aria-hidden /> {t('type.manage')}
          </Link>
        ) : null
      }
      className="template-types"
      size="small"
      activeKey={value ? String(value) : ALL}
      onChange={(key) => onChange({ template_type_id: key === ALL ? null : Number(key) })}
      items={[
        { key: ALL, label: t('type.all') },
        ...types.map((type) => ({ key: String(type.id), label: <span dir="auto">{nameOf(type)}</span> })),
      ]}
    />
  );
}

/** A template's type on its card and in the table; for a refused package, why. */
function TypeLabel({ item, types }: { item: ContentItem; types: readonly TemplateType[] }) {
  const { t } = useTranslation(['template', 'contract']);
  const nameOf = useTemplateTypeName();
  const type = types.find((candidate) => candidate.id === item.template_type_id);
  if (item.state === 'failed' && item.problem) {
    const problem = t(`contract:${item.problem}`);
    return (
      <Typography.Text type="danger" ellipsis={{ tooltip: problem }} className="template-problem">
        {problem}
      </Typography.Text>
    );
  }
  if (!type) {
    return (
      <Typography.Text type="secondary" className="template-type-none">
        {t('type.none')}
      </Typography.Text>
    );
  }
  return (
    <Tag color="geekblue" className="template-type-tag">
      <bdi>{nameOf(type)}</bdi>
    </Tag>
  );
}

/**
 * /content/tmp: mobile templates, H5 packages uploaded as zips, in the content library with
 * their template type: tabs by type, the type on each card, and an action to set it. The
 * preview shows the extracted package sandboxed.
 */
export function TemplateLibraryPage() {
  const { t } = useTranslation('template');
  const types = useTemplateTypes().data ?? [];
  const [typing, setTyping] = useState<ContentItem | null>(null);

  const extension: LibraryExtension = {
    help: (
      <Typography.Paragraph type="secondary" className="template-help">
        {t('upload.help', { files: H5_MAX_ENTRIES, size: formatSize(H5_MAX_UNPACKED_BYTES) })}
      </Typography.Paragraph>
    ),
    filters: (query, onChange) => (
      <TypeTabs types={types} value={query.template_type_id} onChange={onChange} />
    ),
    more: (item) => [{ key: 'templateType', label: t('setType.action'), onClick: () => setTyping(item) }],
    fact: { title: t('type.field.type'), render: (item) => <TypeLabel item={item} types={types} /> },
  };

  return (
    <>
      <ContentLibraryPage type={ContentType.h5} extension={extension} />
      <TemplateTypeDialog item={typing} types={types} onClose={() => setTyping(null)} />
    </>
  );
}
