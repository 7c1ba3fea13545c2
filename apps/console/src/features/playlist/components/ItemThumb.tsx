import { FontSizeOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ContentThumb } from '../../content/ui';
import '../../../components/thumb.css';
import { type ItemKind, TYPE_OF_KIND } from '../items';

type Props = { kind: ItemKind; thumbnail: string | null; name: string; small?: boolean };

/** An item's picture as the content library draws it; texts and playlists get icons of their own. */
export function ItemThumb({ kind, thumbnail, name, small = false }: Props) {
  const { t } = useTranslation('playlist');
  const box = small ? 'content-thumb content-thumb--small' : 'content-thumb';
  if (kind === 'text' || (kind === 'playlist' && !thumbnail)) {
    return (
      <span className={box}>
        <span className="content-thumb__icon" role="img" aria-label={t(`kind.${kind}`)}>
          {kind === 'text' ? <FontSizeOutlined /> : <UnorderedListOutlined />}
        </span>
      </span>
    );
  }
  if (kind === 'playlist') {
    return (
      <span className={box}>
        <img className="content-thumb__image" src={thumbnail ?? undefined} alt={name} loading="lazy" />
      </span>
    );
  }
  return (
    <span className={box}>
      <ContentThumb item={{ type: TYPE_OF_KIND[kind], thumbnail, name }} />
    </span>
  );
}
