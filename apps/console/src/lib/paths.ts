// The addresses the guard and the pages send people to. They live apart from the route table so
// that a page can link to them without importing the table (which lazily imports every page).
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const HOME_PATH = '/home';
export const PROFILE_PATH = '/profile/info';
/** The customer's phone pages (spec 000 §1 mobile layout); `home` is where they land instead of /home. */
export const MOBILE_PATHS = {
  home: '/setting/home',
  profile: '/setting/profile',
  password: '/setting/reset-pwd',
  language: '/setting/set-language',
} as const;
export const MOBILE_HOME_PATH = MOBILE_PATHS.home;
