import { Role } from '@vitrine/contract';
import { type AppRoute, DETAIL, lazyPage } from '../../lib/route-table';

const pages = () => import('./pages');
const page = {
  platform: lazyPage(pages, 'LicenseBatchPage'),
  customer: lazyPage(pages, 'CustomerPoolPage'),
  company: lazyPage(pages, 'CompanyPoolPage'),
  assign: lazyPage(pages, 'LicenseAssignPage'),
  detail: lazyPage(pages, 'LicenseDetailPage'),
  trial: lazyPage(pages, 'TrialPage'),
  whitelist: lazyPage(pages, 'WhitelistPage'),
  remind: lazyPage(pages, 'LicenseRemindPage'),
};

/**
 * Licences. The spec's /license/commercial is one page per role: /license opens the first
 * permitted child.
 */
export const LICENSE_ROUTES: AppRoute = {
  path: '/license',
  permission: [
    'license:company-shunt:list',
    'license:commercial:list',
    'license:shunt:list',
    'license:key:list',
    'license:trial:info',
    'license:white:list',
  ],
  title: 'route.license',
  icon: 'license',
  children: [
    {
      path: '/license/commercial-owner',
      permission: 'license:company-shunt:list',
      title: 'route.licenseCommercial',
      page: page.company,
    },
    {
      path: '/license/commercial-sy',
      permission: 'license:commercial:list',
      title: 'route.licenseCommercial',
      page: page.platform,
    },
    {
      path: '/license/commercial-cus',
      permission: 'license:shunt:list',
      title: 'route.licenseCommercial',
      page: page.customer,
    },
    {
      path: '/license/license-detail',
      permission: 'license:key:list',
      title: 'route.licenseDetail',
      titleByRole: { [Role.customer]: 'route.licenseSearch', [Role.owner]: 'route.licenseBind' },
      page: page.detail,
    },
    {
      path: '/license/trial',
      permission: 'license:trial:info',
      title: 'route.licenseTrial',
      page: page.trial,
    },
    {
      path: '/license/whitelist',
      permission: 'license:white:list',
      title: 'route.licenseWhitelist',
      page: page.whitelist,
    },
    {
      // :id is the batch whose licences the customer assigns.
      path: '/license/assign/:id?',
      permission: 'license:shunt:list',
      title: 'route.licenseAssign',
      ...DETAIL,
      page: page.assign,
    },
  ],
};

/** The renewal reminders, listed under the settings (spec 000 §2 /setting/license-remind). */
export const LICENSE_REMIND_ROUTE: AppRoute = {
  path: '/setting/license-remind',
  permission: 'license:renewal-reminder:set',
  title: 'route.licenseRemind',
  page: page.remind,
};
