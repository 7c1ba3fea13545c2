import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hasRole } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { GuideTour } from './GuideTour';
import { saveGuide, useGuide, useHasContent, useResetRequested } from './guide';
import {
  ALL_DONE,
  effectiveProgress,
  pathAfter,
  progressAfter,
  TOUR_GATES,
  TOUR_POLL_MS,
  TOUR_ROLES,
  type TourName,
  tourFor,
  tourPageOf,
  uploadTypeOf,
} from './tour-logic';

/**
 * Runs `go` once no drawer is open, unless the user went to another page meanwhile: the device
 * path ends on the add-device form's last field, which the user still has to save.
 */
function whenNoDrawer(go: () => void) {
  const from = window.location.pathname;
  const timer = window.setInterval(() => {
    if (window.location.pathname !== from) window.clearInterval(timer);
    else if (!document.querySelector('.ant-drawer-open')) {
      window.clearInterval(timer);
      go();
    }
  }, TOUR_POLL_MS);
}

/**
 * The onboarding tour of the signed-in shell (spec 000 §2, §4): which tour runs where follows
 * from the saved progress (tour-logic.ts); finishing one saves its flag and leads to the next
 * one's page; skipping saves all three.
 */
export function TourHost({ mobile }: { mobile: boolean }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const enabled = hasRole(user?.role_id, TOUR_ROLES);
  const reset = useResetRequested();
  // After more than one login everything counts as done unless a reset was asked: no call then.
  const guide = useGuide(enabled && (reset || (user?.login_times ?? 0) <= 1));
  // A tour closed here (close button or an element that never came) stays closed on this page.
  const [closedOn, setClosedOn] = useState<string | null>(null);
  const progress = user && guide.data ? effectiveProgress(guide.data, user.login_times, reset) : null;
  const tour: TourName | null = progress ? tourFor(tourPageOf(pathname, user?.role_id), progress) : null;
  // The content tour's upload step waits for a first upload of the page's kind.
  const uploaded = useHasContent(tour === 'content' ? uploadTypeOf(pathname) : null);
  useEffect(() => {
    if (closedOn !== null && closedOn !== pathname) setClosedOn(null);
  }, [closedOn, pathname]);

  if (!enabled || !user || !progress) return null;
  if (!tour || closedOn === pathname) return null;

  const finish = () => {
    void saveGuide(client, progressAfter(tour, progress, user.role_id));
    const next = pathAfter(tour, user.role_id);
    if (next) whenNoDrawer(() => navigate(next));
  };

  return (
    <GuideTour
      key={`${tour} ${pathname}`}
      tour={tour}
      mobile={mobile}
      waiting={uploaded ? null : (TOUR_GATES[tour] ?? null)}
      onFinish={finish}
      onSkip={() => void saveGuide(client, ALL_DONE)}
      onClose={() => setClosedOn(pathname)}
    />
  );
}
