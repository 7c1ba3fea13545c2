import { describe, expect, it } from 'vitest';
import { patchListView, readListView, sortOrderOf } from './list-params';

const FILTERS = ['role_id', 'status'] as const;
const read = (search: string) => readListView(new URLSearchParams(search), FILTERS);

describe('list view in the address', () => {
  it('reads page, size, sort, keyword and numeric filters', () => {
    expect(read('page=3&page_size=50&sort=email,desc&keyword=%20ada%20&role_id=4&status=0&other=1')).toEqual({
      page: 3,
      page_size: 50,
      sort: 'email,desc',
      keyword: 'ada',
      filters: { role_id: 4, status: 0 },
    });
  });

  it('falls back on what a hand-edited address gets wrong', () => {
    expect(read('page=-2&page_size=7&sort=drop table&role_id=x&status=')).toEqual({
      page: 1,
      page_size: 20,
      sort: undefined,
      keyword: undefined,
      filters: {},
    });
  });

  it('starts again at page 1 when anything but the page changes', () => {
    const params = new URLSearchParams('page=4&role_id=4&act=add');
    expect(patchListView(params, { status: 2 }).toString()).toBe('role_id=4&act=add&status=2');
    expect(patchListView(params, { page: 5 }).toString()).toBe('page=5&role_id=4&act=add');
    expect(patchListView(params, { role_id: undefined, act: null, page: 1 }).toString()).toBe('');
  });

  it("gives a column the table's sort order", () => {
    expect(sortOrderOf('email,asc', 'email')).toBe('ascend');
    expect(sortOrderOf('email,desc', 'email')).toBe('descend');
    expect(sortOrderOf('email,desc', 'username')).toBeNull();
    expect(sortOrderOf(undefined, 'email')).toBeNull();
  });
});
