// What other features show of licences (the device pages).
export { DeviceLicenseCard } from './components/DeviceLicenseCard';
export { LicenseStateTag } from './components/LicenseStateTag';
