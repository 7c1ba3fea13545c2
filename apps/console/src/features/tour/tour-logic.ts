import { ContentType, Role, type UserGuide } from '@vitrine/contract';

// The onboarding tour's rules (spec 000 §2, §4, §9), free of React and the DOM.
//
//   Home (3 steps: the Devices, Content and Schedule menu entries) → the device path on the
//   devices list (6: the menu entry, the add button, the drawer's four fields) → the content
//   page (3: the menu entry, the upload area, whose Next waits for a first upload, the Schedule
//   entry) → the schedule editor (6: the wizard's type, next, devices, content, order, time).
//
// Each flag becomes true when its tour is finished and is saved to the server; skipping sets all
// three. A user-role account on the devices list is treated as on Home (spec §4): for such an
// account the Home tour is its device step, so finishing it sets the device flag.

export type TourName = 'home' | 'device' | 'content' | 'schedule';
export type TourPage = 'home' | 'devices' | 'content' | 'schedule';

/** Roles that have the tour and its icon in the top bar (spec 000 §2, §6). */
export const TOUR_ROLES: readonly Role[] = [Role.owner, Role.user, Role.userAdmin];

/** Spec 000 §9. */
export const TOUR_ELEMENT_TIMEOUT_MS = 30_000;
/** How often the tour looks for its first element. */
export const TOUR_POLL_MS = 200;
/** How often it looks for the next step's element while running. */
export const TOUR_STEP_POLL_MS = 100;
export const TOUR_MASK_OPACITY = 0.75;

/** The element ids each tour points at, in order (spec 000 §2; the schedule ones are the editor's). */
export const TOUR_STEPS: Record<TourName, readonly string[]> = {
  home: ['route-Devices', 'route-Content', 'route-Schedule'],
  device: [
    'route-Devices',
    'addDevice',
    'digitalSignageId',
    'deviceName',
    'group_id',
    'deviceAuthentication',
  ],
  content: ['route-Content', 'uploadContent', 'route-Schedule'],
  schedule: [
    'scheduleType',
    'scheduleNext',
    'scheduleDevices',
    'scheduleContent',
    'scheduleOrder',
    'scheduleTime',
  ],
};

/** Menu anchors: on a phone the menu is a closed drawer, so those steps show in the middle instead. */
export const isMenuAnchor = (id: string) => id.startsWith('route-');

export const NOTHING_DONE: UserGuide = { device: false, content: false, schedule: false };
export const ALL_DONE: UserGuide = { device: true, content: true, schedule: true };

/** Content pages with an upload area, by the content type they upload (the file kinds). */
const CONTENT_UPLOAD_PAGES: Record<string, ContentType> = {
  '/content/image': ContentType.image,
  '/content/video': ContentType.video,
  '/content/document': ContentType.document,
  '/content/music': ContentType.music,
};

/** The content type an upload page takes; null elsewhere. */
export function uploadTypeOf(pathname: string): ContentType | null {
  return CONTENT_UPLOAD_PAGES[pathname.replace(/\/+$/, '')] ?? null;
}

/**
 * The step of a tour whose Next waits until the user has done it: the content tour goes on to
 * the schedule only once something was uploaded (else the schedule's content step is empty).
 */
export const TOUR_GATES: Partial<Record<TourName, string>> = { content: 'uploadContent' };

/** The tour page a path is, for a role; null where no tour starts. */
export function tourPageOf(pathname: string, roleId: number | undefined): TourPage | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/home') return 'home';
  if (path === '/device/list') return roleId === Role.user ? 'home' : 'devices';
  if (uploadTypeOf(path) !== null) return 'content';
  if (path === '/schedule/add' || path.startsWith('/schedule/add/')) return 'schedule';
  return null;
}

/** Users who logged in more than once count as done, unless they asked for the tour again. */
export function effectiveProgress(
  progress: UserGuide,
  loginTimes: number | undefined,
  resetRequested: boolean,
): UserGuide {
  if (!resetRequested && (loginTimes ?? 0) > 1) return ALL_DONE;
  return progress;
}

/** Which tour starts on a page, given the progress (spec 000 §4). */
export function tourFor(page: TourPage | null, progress: UserGuide): TourName | null {
  switch (page) {
    case 'home':
      return progress.device ? null : 'home';
    case 'devices':
      return progress.device ? null : 'device';
    case 'content':
      return progress.device && !progress.content ? 'content' : null;
    case 'schedule':
      return progress.device && progress.content && !progress.schedule ? 'schedule' : null;
    default:
      return null;
  }
}

/** The progress once a tour is finished. */
export function progressAfter(tour: TourName, progress: UserGuide, roleId: number | undefined): UserGuide {
  switch (tour) {
    case 'home':
      return roleId === Role.user ? { ...progress, device: true } : progress;
    case 'device':
      return { ...progress, device: true };
    case 'content':
      return { ...progress, content: true };
    case 'schedule':
      return { ...progress, schedule: true };
  }
}

/** Where a finished tour leads, so the next one starts there; null: stay. */
export function pathAfter(tour: TourName, roleId: number | undefined): string | null {
  switch (tour) {
    case 'home':
      return roleId === Role.user ? '/content/image' : '/device/list';
    case 'device':
      return '/content/image';
    case 'content':
      return '/schedule/add';
    case 'schedule':
      return null;
  }
}

/** The tour's next element, or the end. */
export const stepCount = (tour: TourName) => TOUR_STEPS[tour].length;
