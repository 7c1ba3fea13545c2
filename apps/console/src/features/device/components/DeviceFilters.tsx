import { DeviceStatus } from '@vitrine/contract';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { SearchSelect } from '../../../components/SearchSelect';
import { useLayoutMode } from '../../../lib/layout-mode';
import type { ListPatch, ListView } from '../../../lib/list-params';
import { WorkspaceTreeSelect } from '../../workspace/ui';
import { STATUS_KEYS } from './labels';

export const DEVICE_FILTERS = ['status', 'group_id', 'online'] as const;
type Filter = (typeof DEVICE_FILTERS)[number];

type Props = { view: ListView<Filter>; onChange: (patch: ListPatch) => void };

/** Search (name, signage ID, MAC) and filters of the device list; every change lands in the address. */
export function DeviceFilters({ view, onChange }: Props) {
  const { t } = useTranslation('device');
  const { mobile } = useLayoutMode();
  const width = mobile ? '100%' : 180;
  const { filters } = view;

  return (
    <Flex wrap gap="small" style={{ marginBottom: 16 }}>
      <KeywordSearch
        id="deviceKeyword"
        keyword={view.keyword}
        placeholder={t('list.searchPlaceholder')}
        width={280}
        onSearch={(keyword) => onChange({ keyword })}
      />
      <SearchSelect<number>
        id="deviceStatus"
        aria-label={t('field.status')}
        placeholder={t('field.status')}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={STATUS_KEYS.map((key) => ({ value: DeviceStatus[key], label: t(`status.${key}`) }))}
        style={{ width }}
      />
      <WorkspaceTreeSelect
        id="deviceWorkspace"
        aria-label={t('field.workspace')}
        allowClear
        placeholder={t('field.workspace')}
        value={filters.group_id}
        onChange={(group_id) => onChange({ group_id })}
        style={{ width }}
      />
      <SearchSelect<number>
        id="deviceOnline"
        aria-label={t('field.connection')}
        placeholder={t('field.connection')}
        value={filters.online}
        onChange={(online) => onChange({ online })}
        options={[
          { value: 1, label: t('connection.online') },
          { value: 0, label: t('connection.offline') },
        ]}
        style={{ width }}
      />
    </Flex>
  );
}
