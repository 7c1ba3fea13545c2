import { act, render, screen } from '@testing-library/react';
import { PERMISSIONS, Role } from '@vitrine/contract';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allowedRoutes, opensPage } from '../guard';
import { buildMenu, buildTabs, locate } from '../menu';
import { APP_ROUTES } from '../routes';
import { refreshDots, registerDotSource } from './dots';
import { TabBar } from './TabBar';
import type { Shell } from './use-shell';

function shellAt(pathname: string, scheduleConfirm: boolean): Shell {
  const allowed = allowedRoutes(APP_ROUTES, PERMISSIONS);
  const { module, route } = locate(allowed, pathname);
  const context = { roleId: Role.customer, scheduleConfirm };
  return {
    pathname,
    roleId: Role.customer,
    context,
    allowed,
    module,
    route,
    title: route?.title,
    menu: buildMenu(allowed, Role.customer),
    tabs: buildTabs(module, context),
    opens: (path) => opensPage(path, allowed),
  };
}

const renderAt = (shell: Shell) =>
  render(
    <MemoryRouter initialEntries={[shell.pathname]}>
      <TabBar shell={shell} />
    </MemoryRouter>,
  );

describe('tab bar', () => {
  it('shows the module pages, the approval list only while confirmation is on', () => {
    const { unmount } = renderAt(shellAt('/schedule/live', true));
    expect(screen.getByRole('tab', { name: /Schedule list/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /Approval list/ })).toBeTruthy();
    unmount();
    renderAt(shellAt('/schedule/live', false));
    expect(screen.queryByRole('tab', { name: /Approval list/ })).toBeNull();
  });

  it('keeps the overflow button out of the tab list, which holds only tabs', () => {
    renderAt(shellAt('/schedule/live', true));
    const list = screen.getByRole('tablist');
    expect(list.classList.contains('ant-tabs-nav-list')).toBe(true);
    expect(list.querySelector('.ant-tabs-nav-more')).toBeNull();
    expect(document.querySelector('.ant-tabs-nav-more')).not.toBeNull();
    expect(screen.getAllByRole('tab').every((tab) => list.contains(tab))).toBe(true);
  });

  it('titles the user list for customers', () => {
    renderAt(shellAt('/user/list', false));
    expect(screen.getByRole('tab', { name: 'manage use admin' })).toBeTruthy();
  });

  it('puts a dot on a tab whose source says so', async () => {
    const unregister = registerDotSource('/schedule/audit', async () => true);
    renderAt(shellAt('/schedule/live', true));
    expect(document.querySelector('.shell-dot')).toBeNull();
    await act(async () => {
      refreshDots();
      await Promise.resolve();
    });
    const dot = document.querySelector('.shell-dot');
    expect(dot?.closest('[role="tab"]')?.textContent).toContain('Approval list');
    act(() => unregister());
    expect(document.querySelector('.shell-dot')).toBeNull();
  });
});
