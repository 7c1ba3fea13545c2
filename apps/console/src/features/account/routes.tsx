import { LOGIN_PATH, NOT_FOUND_PATH, PROFILE_PATH } from '../../lib/paths';
import { type AppRoute, DETAIL, lazyPage } from '../../lib/route-table';

// The account's pages: signing in and up, the public pages, and the user's own profile.
const page = {
  login: lazyPage(() => import('./pages/LoginPage'), 'LoginPage'),
  register: lazyPage(() => import('./pages/RegisterPage'), 'RegisterPage'),
  userActive: lazyPage(() => import('./pages/UserActivePage'), 'UserActivePage'),
  registerActive: lazyPage(() => import('./pages/RegisterActivePage'), 'RegisterActivePage'),
  forget: lazyPage(() => import('./pages/ForgetPage'), 'ForgetPage'),
  notFound: lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage'),
  policy: lazyPage(() => import('./pages/PolicyPage'), 'PolicyPage'),
  terms: lazyPage(() => import('./pages/TermsPage'), 'TermsPage'),
  profile: lazyPage(() => import('./pages/ProfilePage'), 'ProfilePage'),
};

/** Pages anyone may open, signed in or not. */
export const ACCOUNT_PUBLIC_ROUTES: readonly AppRoute[] = [
  { path: LOGIN_PATH, name: 'UserLogin', title: 'route.login', page: page.login },
  { path: '/user/active', title: 'route.userActive', page: page.userActive },
  { path: '/register/active', title: 'route.registerActive', page: page.registerActive },
  { path: '/forget', title: 'route.forget', page: page.forget },
  { path: '/register', title: 'route.register', page: page.register },
  { path: NOT_FOUND_PATH, title: 'route.notFound', page: page.notFound },
  { path: '/policy', title: 'route.policy', page: page.policy },
  { path: '/terms', title: 'route.terms', page: page.terms },
];

export const PROFILE_ROUTE: AppRoute = {
  path: PROFILE_PATH,
  name: 'UserProfile',
  permission: 'profile:info',
  title: 'route.profile',
  ...DETAIL,
  page: page.profile,
};
