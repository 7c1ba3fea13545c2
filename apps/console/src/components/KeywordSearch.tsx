import { Input } from 'antd';
import { useLayoutMode } from '../lib/layout-mode';

type Props = {
  id: string;
  keyword?: string;
  placeholder: string;
  width: number;
  onSearch: (keyword: string) => void;
};

/** A list's keyword box: starts from the address's keyword, sends it trimmed, full width on phones. */
export function KeywordSearch({ id, keyword, placeholder, width, onSearch }: Props) {
  const { mobile } = useLayoutMode();
  return (
    <Input.Search
      key={keyword ?? ''}
      id={id}
      allowClear
      defaultValue={keyword}
      placeholder={placeholder}
      aria-label={placeholder}
      onSearch={(value) => onSearch(value.trim())}
      style={{ width: mobile ? '100%' : width }}
    />
  );
}
