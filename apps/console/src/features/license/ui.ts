// What other features show of licences (the device pages).
export { DeviceLicenseCard } from './components/DeviceLicenseCard';
export { LedgerHealthAlert } from './components/LedgerHealthAlert';
export { LicenseStateTag } from './components/LicenseStateTag';
