// The four phone pages load as one chunk: a customer opening one soon opens the others, and the
// route table (on the login page's path) then names one chunk instead of four.
export { MobileHomePage } from './MobileHomePage';
export { MobileLanguagePage } from './MobileLanguagePage';
export { MobilePasswordPage } from './MobilePasswordPage';
export { MobileProfilePage } from './MobileProfilePage';
