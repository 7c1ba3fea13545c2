import { Role } from '@vitrine/contract';
import { type AppRoute, DETAIL, lazyPage } from '../../lib/route-table';

const page = {
  userList: lazyPage(() => import('./pages/UserListPage'), 'UserListPage'),
  customerList: lazyPage(() => import('./pages/CustomerListPage'), 'CustomerListPage'),
  company: lazyPage(() => import('./pages/CompanyListPage'), 'CompanyListPage'),
  userDetail: lazyPage(() => import('./pages/UserDetailPage'), 'UserDetailPage'),
  ownerForm: lazyPage(() => import('./pages/OwnerFormPage'), 'OwnerFormPage'),
  companyForm: lazyPage(() => import('./pages/CompanyFormPage'), 'CompanyFormPage'),
};

/** Users, customers and companies. */
export const TEAM_ROUTES: AppRoute = {
  path: '/user',
  permission: 'team',
  title: 'route.team',
  icon: 'account',
  redirect: '/user/list',
  children: [
    {
      path: '/user/list',
      permission: 'team:user:list',
      title: 'route.userList',
      titleByRole: { [Role.customer]: 'route.userListCustomer' },
      page: page.userList,
    },
    {
      path: '/user/customer-list',
      permission: 'team:cus:list',
      title: 'route.customerList',
      page: page.customerList,
    },
    {
      path: '/user/company',
      permission: 'team:group:list',
      title: 'route.company',
      // Inside a company the page holds the company's user groups: tab and page say so.
      titleByRole: { [Role.owner]: 'route.userGroups', [Role.userAdmin]: 'route.userGroups' },
      page: page.company,
    },
    {
      path: '/user/:user_id',
      permission: 'team:user:info',
      title: 'route.userInfo',
      ...DETAIL,
      page: page.userDetail,
    },
    {
      path: '/owner/add/:id?',
      permission: 'team:user:add',
      title: 'route.ownerAdd',
      ...DETAIL,
      page: page.ownerForm,
    },
    {
      path: '/company/add/:id?/:name?/:can_del?',
      permission: 'team:user:add',
      title: 'route.companyAdd',
      ...DETAIL,
      page: page.companyForm,
    },
  ],
};
