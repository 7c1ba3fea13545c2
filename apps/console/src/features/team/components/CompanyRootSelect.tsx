import { SearchSelect } from '../../../components/SearchSelect';
import { useCompanyList } from '../api';

type Props = { id?: string; value?: number | null; onChange?: (value: number | null) => void };

const ALL_COMPANIES = { page: 1, page_size: 200 } as const;

/** For callers above companies (platform staff, customers): a company, standing for its root
 * workspace, where a new user goes. */
export function CompanyRootSelect({ id, value, onChange }: Props) {
  const companies = useCompanyList('all', ALL_COMPANIES);
  const options = (companies.data?.list ?? []).flatMap((company) =>
    company.group_id === null ? [] : [{ value: company.group_id, label: company.company_name }],
  );
  return (
    <SearchSelect<number>
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      loading={companies.isPending}
    />
  );
}
