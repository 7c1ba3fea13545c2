// The licence pages, loaded together: one lazy import keeps the route table (on the login page's
// path) as small as it was before they existed.
export { CompanyPoolPage } from './CompanyPoolPage';
export { CustomerPoolPage } from './CustomerPoolPage';
export { LicenseAssignPage } from './LicenseAssignPage';
export { LicenseBatchPage } from './LicenseBatchPage';
export { LicenseDetailPage } from './LicenseDetailPage';
export { LicenseRemindPage } from './LicenseRemindPage';
export { TrialPage } from './TrialPage';
export { WhitelistPage } from './WhitelistPage';
