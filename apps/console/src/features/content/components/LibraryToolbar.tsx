import {
  AppstoreOutlined,
  DeleteOutlined,
  FolderOpenOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { CONTENT_SORT_COLUMNS, RECENT_PERIOD_DAYS } from '@vitrine/contract';
import { Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { SearchSelect } from '../../../components/SearchSelect';
import { useLayoutMode } from '../../../lib/layout-mode';
import type { ListPatch } from '../../../lib/list-params';
import { usePermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useUserList } from '../../team/api';
import type { LibraryView } from '../library';
import type { LibraryQuery } from '../use-library-view';

type Props = {
  query: LibraryQuery;
  onChange: (patch: ListPatch) => void;
  layout: LibraryView;
  onLayout: (layout: LibraryView) => void;
};

const DIRECTIONS = ['asc', 'desc'] as const;
/** Everyone the team list shows; a library's uploaders are the caller's colleagues. */
const TEAM_QUERY = { page: 1, page_size: 200 } as const;

/** Who may have uploaded: the team when the caller may list it, and always the caller. */
function useUploaderOptions() {
  const { t } = useTranslation('content');
  const { user } = useSession();
  const team = useUserList(TEAM_QUERY, usePermission('team:user:list'));
  const others = (team.data?.list ?? [])
    .filter((member) => member.user_id !== user?.user_id)
    .map((member) => ({ value: member.user_id, label: member.nickname || member.username }));
  const me = user
    ? [{ value: user.user_id, label: t('filter.me', { name: user.nickname || user.username }) }]
    : [];
  return { options: [...me, ...others], loading: team.isFetching };
}

/** Search, filters, sort, grid or list, library or recycle bin; every choice lands in the address. */
export function LibraryToolbar({ query, onChange, layout, onLayout }: Props) {
  const { t } = useTranslation('content');
  const { mobile } = useLayoutMode();
  const uploaders = useUploaderOptions();
  const width = mobile ? '100%' : 180;

  return (
    <Flex wrap gap="small" align="center" justify="space-between" className="content-toolbar">
      <Flex
        wrap
        gap="small"
        className="content-toolbar__filters"
        style={mobile ? { flexBasis: '100%' } : undefined}
      >
        <KeywordSearch
          id="contentKeyword"
          keyword={query.keyword}
          placeholder={t('list.searchPlaceholder')}
          width={220}
          onSearch={(keyword) => onChange({ keyword })}
        />
        <SearchSelect<number>
          id="contentUploader"
          aria-label={t('filter.uploader')}
          placeholder={t('filter.uploader')}
          value={query.uploader_id}
          onChange={(uploader_id) => onChange({ uploader_id })}
          options={uploaders.options}
          loading={uploaders.loading}
          style={{ width }}
        />
        <SearchSelect<number>
          id="contentDays"
          aria-label={t('filter.days')}
          placeholder={t('filter.days')}
          value={query.days}
          onChange={(days) => onChange({ days })}
          options={RECENT_PERIOD_DAYS.map((days) => ({ value: days, label: t('filter.lastDays', { days }) }))}
          style={{ width }}
        />
        <SearchSelect<string>
          id="contentSort"
          aria-label={t('sort.label')}
          placeholder={t('sort.label')}
          value={query.sort}
          onChange={(sort) => onChange({ sort })}
          options={CONTENT_SORT_COLUMNS.flatMap((column) =>
            DIRECTIONS.map((direction) => ({
              value: `${column},${direction}`,
              label: t('sort.option', { column: t(`sort.${column}`), direction: t(`sort.${direction}`) }),
            })),
          )}
          style={{ width: mobile ? '100%' : 220 }}
        />
      </Flex>
      <Flex wrap gap="small">
        <Segmented<LibraryView>
          aria-label={t('view.label')}
          value={layout}
          onChange={onLayout}
          options={[
            { value: 'grid', icon: <AppstoreOutlined />, label: t('view.grid') },
            { value: 'list', icon: <UnorderedListOutlined />, label: t('view.list') },
          ]}
        />
        <Segmented<number>
          aria-label={t('bin.label')}
          value={query.deleted}
          onChange={(deleted) => onChange({ deleted: deleted || null })}
          options={[
            { value: 0, icon: <FolderOpenOutlined />, label: t('bin.library') },
            { value: 1, icon: <DeleteOutlined />, label: t('bin.title') },
          ]}
        />
      </Flex>
    </Flex>
  );
}
