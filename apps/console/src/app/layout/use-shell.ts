import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { allowedRoutes, opensPage } from '../guard';
import { buildMenu, buildTabs, locate, titleOf } from '../menu';
import { useRouteTables } from '../route-context';

/** Everything the shell draws for the current user and page, from the route table. */
export function useShell() {
  const { pathname } = useLocation();
  const { user, permissions, config } = useSession();
  const roleId = user?.role_id ?? null;
  const scheduleConfirm = config?.schedule_config.need_confirm ?? false;
  const { tables } = useRouteTables();
  const allowed = useMemo(() => allowedRoutes(tables.appRoutes, permissions), [tables, permissions]);
  return useMemo(() => {
    const { module, route } = locate(allowed, pathname);
    const context = { roleId, scheduleConfirm };
    return {
      pathname,
      roleId,
      context,
      allowed,
      module,
      route,
      title: route ? titleOf(route, roleId) : undefined,
      menu: buildMenu(allowed, roleId),
      tabs: buildTabs(module, context),
      /** Whether a link to this path leads the user to a page (links that would not are left out). */
      opens: (path: string) => opensPage(path, allowed),
    };
  }, [allowed, pathname, roleId, scheduleConfirm]);
}

export type Shell = ReturnType<typeof useShell>;
