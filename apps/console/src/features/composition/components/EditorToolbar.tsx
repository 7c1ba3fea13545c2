import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  PlusOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignMiddleOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import {
  COMPOSITION_ZONE_LIMIT,
  ZONE_ALIGNMENTS,
  ZONE_KINDS,
  type ZoneAlignment,
  type ZoneKind,
} from '@vitrine/contract';
import { Button, Divider, Dropdown, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canAddZone, type EditorAction } from '../editor-state';
import type { CompositionDraft, ZoneDraft } from '../model';
import { KindIcon } from './KindIcon';

const ALIGN_ICONS: Record<ZoneAlignment, ReactNode> = {
  left: <AlignLeftOutlined />,
  center: <AlignCenterOutlined />,
  right: <AlignRightOutlined />,
  top: <VerticalAlignTopOutlined />,
  middle: <VerticalAlignMiddleOutlined />,
  bottom: <VerticalAlignBottomOutlined />,
};

type Props = {
  draft: CompositionDraft;
  zone: ZoneDraft | null;
  dispatch: (action: EditorAction) => void;
  /** A new zone's name: its kind and a number no zone of the draft has. */
  nameFor: (kind: ZoneKind) => string;
  copyName: (zone: ZoneDraft) => string;
};

function Tool({
  label,
  icon,
  onClick,
  disabled,
  danger,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={icon}
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        danger={danger}
      />
    </Tooltip>
  );
}

/** Adds zones; aligns, layers, duplicates and deletes the selected one. */
export function EditorToolbar({ draft, zone, dispatch, nameFor, copyName }: Props) {
  const { t } = useTranslation('composition');
  const room = canAddZone(draft);
  const none = zone === null;
  const layer = draft.zones.findIndex((candidate) => candidate.key === zone?.key);
  return (
    <Flex
      wrap
      align="center"
      gap={4}
      className="composition-toolbar"
      role="toolbar"
      aria-label={t('editor.tools')}
    >
      <Dropdown
        disabled={!room}
        trigger={['click']}
        menu={{
          items: ZONE_KINDS.map((kind) => ({
            key: kind,
            icon: <KindIcon kind={kind} />,
            label: t(`kind.${kind}`),
          })),
          onClick: ({ key }) =>
            dispatch({ type: 'add', kind: key as ZoneKind, name: nameFor(key as ZoneKind) }),
        }}
      >
        <Tooltip title={room ? undefined : t('editor.zoneLimit', { count: COMPOSITION_ZONE_LIMIT })}>
          <Button icon={<PlusOutlined />} disabled={!room}>
            {t('editor.addZone')}
          </Button>
        </Tooltip>
      </Dropdown>
      <Divider orientation="vertical" />
      {ZONE_ALIGNMENTS.map((alignment) => (
        <Tool
          key={alignment}
          label={t(`align.${alignment}`)}
          icon={ALIGN_ICONS[alignment]}
          disabled={none}
          onClick={() => zone && dispatch({ type: 'align', key: zone.key, alignment })}
        />
      ))}
      <Divider orientation="vertical" />
      <Tool
        label={t('editor.forward')}
        icon={<ArrowUpOutlined />}
        disabled={none || layer === draft.zones.length - 1}
        onClick={() => zone && dispatch({ type: 'layer', key: zone.key, move: 'forward' })}
      />
      <Tool
        label={t('editor.backward')}
        icon={<ArrowDownOutlined />}
        disabled={none || layer === 0}
        onClick={() => zone && dispatch({ type: 'layer', key: zone.key, move: 'backward' })}
      />
      <Tool
        label={t('editor.duplicate')}
        icon={<CopyOutlined />}
        disabled={none || !room}
        onClick={() => zone && dispatch({ type: 'duplicate', key: zone.key, name: copyName(zone) })}
      />
      <Tool
        label={t('editor.deleteZone')}
        icon={<DeleteOutlined />}
        disabled={none}
        danger
        onClick={() => zone && dispatch({ type: 'remove', key: zone.key })}
      />
    </Flex>
  );
}
