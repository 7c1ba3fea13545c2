import { lazy } from 'react';

// What the app shell and other features show of the account, each loaded when first shown: the
// user menu's password drawer, and the pieces the customer's phone pages are made of.
export const ChangePasswordDrawer = lazy(() =>
  import('./components/ChangePasswordDrawer').then((module) => ({ default: module.ChangePasswordDrawer })),
);
export const ChangePasswordForm = lazy(() =>
  import('./components/ChangePasswordForm').then((module) => ({ default: module.ChangePasswordForm })),
);
export const AccountCard = lazy(() =>
  import('./components/AccountCard').then((module) => ({ default: module.AccountCard })),
);
export const UserCenterGate = lazy(() =>
  import('./components/UserCenterGate').then((module) => ({ default: module.UserCenterGate })),
);
// The time zones the browser knows, for other features' forms (the platform's default time zone).
export { timeZoneOptions } from './timezones';
