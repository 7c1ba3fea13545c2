// The addresses the guard and the pages send people to. They live apart from the route table so
// that a page can link to them without importing the table (which lazily imports every page).
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const HOME_PATH = '/home';
