// The branding pages load as one chunk: the route table, on the login page's path, names one import.
export { CustomDomainPage } from './CustomDomainPage';
export { LogoPage } from './LogoPage';
export { SystemPropertyPage } from './SystemPropertyPage';
