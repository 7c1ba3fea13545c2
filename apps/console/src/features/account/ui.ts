import { lazy } from 'react';

// What the app shell mounts of the account: the user menu's password drawer, loaded when first opened.
export const ChangePasswordDrawer = lazy(() =>
  import('./components/ChangePasswordDrawer').then((module) => ({ default: module.ChangePasswordDrawer })),
);
