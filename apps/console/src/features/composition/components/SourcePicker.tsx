import {
  BACKGROUND_CONTENT_TYPES,
  type ContentType,
  ZONE_CONTENT_TYPES,
  type ZoneKind,
} from '@vitrine/contract';
import { Flex, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KIND_OF, useContentList } from '../../content/api';
import { fontStack, useFontList } from '../../font/api';
import { usePlaylistList } from '../../playlist/api';
import { useStickerList } from '../../sticker/api';
import { useTextList } from '../../text/api';

// What a zone shows, chosen from the lists it comes from: the content library (media and
// websites), /manager/playlist, /manager/text, /manager/sticker, and the fonts (for clocks).
// Each list is searched on the server as the user types.

/** A chosen item: its name to show, and a picture of it where it has one (a background's). */
export type Source = { id: number; name: string; picture?: string | null } | null;
type Option = { id: number; name: string; family?: string; picture?: string | null };
/** How many matches a chooser lists; typing narrows them. */
const CHOICES = 50;

type ChooserProps = {
  id: string;
  value: Source;
  onChange: (source: Source) => void;
  placeholder: string;
};

/** A searchable select of one list; the chosen item shows by name even when it is not listed. */
function SourceSelect({
  id,
  value,
  onChange,
  placeholder,
  options,
  loading,
  onSearch,
}: ChooserProps & { options: readonly Option[]; loading: boolean; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation('composition');
  const listed: readonly Option[] =
    value && !options.some((option) => option.id === value.id) ? [value, ...options] : options;
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: (keyword) => onSearch(keyword.trim()) }}
      allowClear
      placeholder={placeholder}
      loading={loading}
      value={value?.id}
      notFoundContent={loading ? t('source.loading') : t('source.none')}
      onChange={(chosen: number | undefined) => {
        const option = listed.find((candidate) => candidate.id === chosen);
        onChange(option ? { id: option.id, name: option.name, picture: option.picture } : null);
      }}
      options={listed.map((option) => ({
        value: option.id,
        title: option.name,
        label: (
          <span dir="auto" style={{ fontFamily: fontStack(option.family) }}>
            {option.name}
          </span>
        ),
      }))}
      style={{ width: '100%' }}
    />
  );
}

const search = (keyword: string) => ({ keyword: keyword || undefined, page_size: CHOICES });

/** Library content of the types the zone's kind takes, with a switch between those types. */
function ContentChooser({ types, ...props }: ChooserProps & { types: readonly ContentType[] }) {
  const { t } = useTranslation('content');
  const [type, setType] = useState<number>(types[0]);
  const [keyword, setKeyword] = useState('');
  const list = useContentList({ type, ...search(keyword), sort: 'updated_at,desc' });
  const kindName = (value: number) => (KIND_OF as Record<number, string | undefined>)[value];
  return (
    <Flex vertical gap="small">
      {types.length > 1 ? (
        <Select
          aria-label={t('composition:source.type')}
          value={type}
          onChange={(value: number) => setType(value)}
          options={types.map((value) => ({ value, label: t(`kind.${kindName(value) ?? 'mobileTemplate'}`) }))}
        />
      ) : null}
      <SourceSelect
        {...props}
        options={(list.data?.list ?? []).map((item) => ({ ...item, picture: item.thumbnail ?? item.url }))}
        loading={list.isFetching}
        onSearch={setKeyword}
      />
    </Flex>
  );
}

function PlaylistChooser(props: ChooserProps) {
  const [keyword, setKeyword] = useState('');
  const list = usePlaylistList(search(keyword));
  return (
    <SourceSelect
      {...props}
      options={list.data?.list ?? []}
      loading={list.isFetching}
      onSearch={setKeyword}
    />
  );
}

function TextChooser(props: ChooserProps) {
  const [keyword, setKeyword] = useState('');
  const list = useTextList(search(keyword));
  const options = (list.data?.list ?? []).map((text) => ({ id: text.id, name: text.title }));
  return <SourceSelect {...props} options={options} loading={list.isFetching} onSearch={setKeyword} />;
}

function StickerChooser(props: ChooserProps) {
  const [keyword, setKeyword] = useState('');
  const list = useStickerList(search(keyword));
  return (
    <SourceSelect
      {...props}
      options={list.data?.list ?? []}
      loading={list.isFetching}
      onSearch={setKeyword}
    />
  );
}

/** A font of the font library; none: the screen's default font. */
export function FontChooser(props: ChooserProps) {
  const [keyword, setKeyword] = useState('');
  const list = useFontList(search(keyword));
  return (
    <SourceSelect
      {...props}
      options={list.data?.list ?? []}
      loading={list.isFetching}
      onSearch={setKeyword}
    />
  );
}

/** The chooser of what a zone of this kind shows (a clock shows the time: its font is a setting). */
export function SourcePicker({ kind, ...props }: ChooserProps & { kind: Exclude<ZoneKind, 'clock'> }) {
  switch (kind) {
    case 'media':
      return <ContentChooser {...props} types={ZONE_CONTENT_TYPES.media} />;
    case 'website':
      return <ContentChooser {...props} types={ZONE_CONTENT_TYPES.website} />;
    case 'playlist':
      return <PlaylistChooser {...props} />;
    case 'text':
      return <TextChooser {...props} />;
    case 'sticker':
      return <StickerChooser {...props} />;
  }
}

/** The background picture: an image of the library. */
export function BackgroundChooser(props: ChooserProps) {
  return <ContentChooser {...props} types={BACKGROUND_CONTENT_TYPES} />;
}
