import { AccountStatus } from '@vitrine/contract';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { useRoleLabel } from '../../../components/labels';
import { SearchSelect } from '../../../components/SearchSelect';
import { useLayoutMode } from '../../../lib/layout-mode';
import type { ListPatch, ListView } from '../../../lib/list-params';
import { usePermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { WorkspaceTreeSelect } from '../../workspace/ui';
import { useCategories, useCompanyList, useRoles } from '../api';
import { STATUS_KEYS } from './status';

export const USER_FILTERS = ['role_id', 'status', 'group_id', 'company_id', 'category_id'] as const;
type Filter = (typeof USER_FILTERS)[number];

type Props = { view: ListView<Filter>; onChange: (patch: ListPatch) => void };

const ALL_COMPANIES = { page: 1, page_size: 200 } as const;

/** Search and filters of the member list; every change lands in the address. */
export function UserFilters({ view, onChange }: Props) {
  const { t } = useTranslation('team');
  const { mobile } = useLayoutMode();
  const roleLabel = useRoleLabel();
  const { user } = useSession();
  // Inside a company the "group" is a workspace; above companies it is the company itself.
  const byWorkspace = usePermission('workspace:tree');
  const byCompany = usePermission('team:group:list') && !byWorkspace;
  const inCompany = user?.company_id != null;
  const roles = useRoles(0);
  const companies = useCompanyList('all', ALL_COMPANIES, byCompany);
  const categories = useCategories(inCompany);
  const width = mobile ? '100%' : 180;
  const { filters } = view;

  return (
    <Flex wrap gap="small" style={{ marginBottom: 16 }}>
      <KeywordSearch
        id="userKeyword"
        keyword={view.keyword}
        placeholder={t('user.searchPlaceholder')}
        width={260}
        onSearch={(keyword) => onChange({ keyword })}
      />
      <SearchSelect<number>
        id="userRole"
        aria-label={t('field.role')}
        placeholder={t('field.role')}
        value={filters.role_id}
        onChange={(role_id) => onChange({ role_id })}
        options={(roles.data ?? []).map((role) => ({ value: role.role_id, label: roleLabel(role.role_id) }))}
        loading={roles.isPending}
        style={{ width }}
      />
      <SearchSelect<number>
        id="userStatus"
        aria-label={t('field.status')}
        placeholder={t('field.status')}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={STATUS_KEYS.map((key) => ({ value: AccountStatus[key], label: t(`status.${key}`) }))}
        style={{ width }}
      />
      {byWorkspace ? (
        <WorkspaceTreeSelect
          id="userWorkspace"
          aria-label={t('field.workspace')}
          allowClear
          placeholder={t('field.workspace')}
          value={filters.group_id}
          onChange={(group_id) => onChange({ group_id })}
          style={{ width }}
        />
      ) : null}
      {byCompany ? (
        <SearchSelect<number>
          id="userCompany"
          aria-label={t('field.company')}
          placeholder={t('field.company')}
          value={filters.company_id}
          onChange={(company_id) => onChange({ company_id })}
          options={(companies.data?.list ?? []).map((item) => ({
            value: item.company_id,
            label: item.company_name,
          }))}
          loading={companies.isPending}
          style={{ width }}
        />
      ) : null}
      {inCompany ? (
        <SearchSelect<number>
          id="userCategory"
          aria-label={t('field.category')}
          placeholder={t('field.category')}
          value={filters.category_id}
          onChange={(category_id) => onChange({ category_id })}
          options={(categories.data ?? []).map((item) => ({ value: item.category_id, label: item.name }))}
          loading={categories.isPending}
          style={{ width }}
        />
      ) : null}
    </Flex>
  );
}
