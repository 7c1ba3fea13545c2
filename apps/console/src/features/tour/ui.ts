import { lazy } from 'react';

// What the app shell mounts of the onboarding tour: who has it, its top-bar icon, and its host,
// which arrives after the shell's first paint.
export { TourButton } from './TourButton';
export { TOUR_ROLES } from './tour-logic';

export const TourHost = lazy(() => import('./TourHost').then((module) => ({ default: module.TourHost })));
