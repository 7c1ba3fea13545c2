import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

describe('tabs', () => {
  it('keeps the bar’s extra content and overflow button out of the tab list, which holds only tabs', () => {
    render(
      <Tabs
        tabBarExtraContent={<a href="/setting/tmptype">Manage types</a>}
        items={[
          { key: 'all', label: 'All' },
          { key: '1', label: 'Menus' },
        ]}
      />,
    );
    const list = screen.getByRole('tablist');
    expect(list.getAttribute('aria-orientation')).toBe('horizontal');
    expect(screen.getAllByRole('tab').every((tab) => list.contains(tab))).toBe(true);
    expect(list.contains(screen.getByRole('link', { name: 'Manage types' }))).toBe(false);
    expect(list.querySelector('.ant-tabs-nav-more')).toBeNull();
    expect(screen.getAllByRole('tablist')).toHaveLength(1);
  });
});
