import type { CompanyItem, TeamDeviceItem, UserItem } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/Tabs';
import { customerHoldings } from '../api';
import { useCompanyColumns, useDeviceColumns, useMemberColumns } from './member-columns';
import { SubList } from './SubList';

/** A customer's user admins, members, devices and companies, one tab each. */
export function CustomerDetail({ customerId }: { customerId: number }) {
  const { t } = useTranslation('team');
  const members = useMemberColumns();
  const devices = useDeviceColumns();
  const companies = useCompanyColumns();
  const lists = customerHoldings(customerId);
  return (
    <Tabs
      destroyOnHidden
      items={[
        {
          key: 'user-admins',
          label: t('customer.userAdmins'),
          children: (
            <SubList<UserItem> columns={members} rowKey="user_id" searchable source={lists.userAdmins} />
          ),
        },
        {
          key: 'members',
          label: t('customer.members'),
          children: (
            <SubList<UserItem> columns={members} rowKey="user_id" searchable source={lists.members} />
          ),
        },
        {
          key: 'devices',
          label: t('customer.devices'),
          children: <SubList<TeamDeviceItem> columns={devices} rowKey="device_id" source={lists.devices} />,
        },
        {
          key: 'companies',
          label: t('customer.companies'),
          children: (
            <SubList<CompanyItem>
              columns={companies}
              rowKey="company_id"
              searchable
              source={lists.companies}
            />
          ),
        },
      ]}
    />
  );
}
