import {
  ClockCircleOutlined,
  FontSizeOutlined,
  GlobalOutlined,
  PictureOutlined,
  SmileOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ZoneKind } from '@vitrine/contract';

const ICONS = {
  media: PictureOutlined,
  playlist: UnorderedListOutlined,
  text: FontSizeOutlined,
  clock: ClockCircleOutlined,
  website: GlobalOutlined,
  sticker: SmileOutlined,
} as const satisfies Record<ZoneKind, unknown>;

/** The icon of what a zone shows. */
export function KindIcon({ kind }: { kind: ZoneKind }) {
  const Icon = ICONS[kind];
  return <Icon aria-hidden />;
}
