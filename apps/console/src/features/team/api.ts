import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CategoryRequest,
  type CompanyItem,
  type CompanyListQuery,
  type CreateCompanyRequest,
  type CreateCustomerRequest,
  type CreateUserRequest,
  type CustomerListQuery,
  categoryOperations,
  companyOperations,
  customerOperations,
  type DeleteCategoryRequest,
  type ListResult,
  type PageQuery,
  type TeamContentItem,
  type TeamDeviceItem,
  type ToggleUsersRequest,
  type UpdateCompanyRequest,
  type UpdateCustomerRequest,
  type UpdateUserRequest,
  type UserItem,
  type UserListQuery,
  userOperations,
} from '@vitrine/contract';
import { call } from '../../lib/call';

// Users, companies ("groups"), user groups (categories) and customers (spec 000 §7, under
// /manager/account). Forms show failures inline, so their writes are silent.
const silent = { silent: true } as const;

export type CompanyOriginFilter = 'all' | 'sys' | 'user';

export const teamKeys = {
  all: ['team'] as const,
  users: () => [...teamKeys.all, 'users'] as const,
  userList: (query: UserListQuery) => [...teamKeys.users(), 'list', query] as const,
  user: (userId: number) => [...teamKeys.users(), 'detail', userId] as const,
  roles: (filter: 0 | 1) => [...teamKeys.all, 'roles', filter] as const,
  categories: () => [...teamKeys.all, 'categories'] as const,
  companies: () => [...teamKeys.all, 'companies'] as const,
  companyList: (origin: CompanyOriginFilter, query: CompanyListQuery) =>
    [...teamKeys.companies(), 'list', origin, query] as const,
  company: (id: number) => [...teamKeys.companies(), 'detail', id] as const,
  customers: () => [...teamKeys.all, 'customers'] as const,
  customerList: (query: CustomerListQuery) => [...teamKeys.customers(), 'list', query] as const,
  customerOptions: () => [...teamKeys.customers(), 'options'] as const,
};

/** A paged list inside a detail: where it lives in the cache and which operation reads a page. */
export type ListSource<T> = {
  key: readonly unknown[];
  read: (query: PageQuery, signal: AbortSignal) => Promise<ListResult<T> & { total_capped?: boolean }>;
};

/** What a company or a workspace holds, one list each. */
export type Holdings = {
  members: ListSource<UserItem>;
  devices: ListSource<TeamDeviceItem>;
  content: ListSource<TeamContentItem>;
};

/** One page of a list (a customer's members, a workspace's devices…). */
export function usePagedList<T>(source: ListSource<T>, query: PageQuery) {
  return useQuery({
    queryKey: [...source.key, query],
    queryFn: ({ signal }) => source.read(query, signal),
    placeholderData: keepPreviousData,
  });
}

// ── Users ────────────────────────────────────────────────────────────────────────────────────

export function useUserList(query: UserListQuery, enabled = true) {
  return useQuery({
    queryKey: teamKeys.userList(query),
    queryFn: ({ signal }) => call(userOperations.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useUser(userId: number) {
  return useQuery({
    queryKey: teamKeys.user(userId),
    queryFn: ({ signal }) => call(userOperations.detail, { params: { user_id: userId } }, { signal }),
    enabled: userId > 0,
  });
}

/** filter 0: every role the caller may see; 1: the roles the caller may assign. */
export function useRoles(filter: 0 | 1, enabled = true) {
  return useQuery({
    queryKey: teamKeys.roles(filter),
    queryFn: ({ signal }) => call(userOperations.roles, { query: { filter } }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** Users changed: lists, details, and the counts shown beside groups and companies. */
function useUsersChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [teamKeys.users(), teamKeys.categories(), teamKeys.companies(), teamKeys.customers()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCreateUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => call(userOperations.create, { body }, silent),
    onSuccess: changed,
  });
}

export function useUpdateUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: UpdateUserRequest }) =>
      call(userOperations.update, { params: { user_id: userId }, body }, silent),
    onSuccess: changed,
  });
}

/** Deletes one user, or several at once (DELETE user with body ids). */
export function useDeleteUsers() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? call(userOperations.delete, { params: { user_id: ids[0] } })
        : call(userOperations.deleteMany, { body: { ids } }),
    onSuccess: changed,
  });
}

export function useToggleUsers() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (body: ToggleUsersRequest) => call(userOperations.toggle, { body }),
    onSuccess: changed,
  });
}

/** Mails the invite (again) to an inactive user. */
export function useSendInvite() {
  return useMutation({
    mutationFn: (userId: number) => call(userOperations.sendInvite, { params: { user_id: userId } }),
  });
}

// ── User groups (categories) ─────────────────────────────────────────────────────────────────

export function useCategories(enabled = true) {
  return useQuery({
    queryKey: teamKeys.categories(),
    queryFn: ({ signal }) => call(categoryOperations.list, {}, { signal }),
    enabled,
  });
}

function useCategoriesChanged(usersToo: boolean) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: teamKeys.categories() });
    if (usersToo) await queryClient.invalidateQueries({ queryKey: teamKeys.users() });
  };
}

export function useSaveCategory() {
  const changed = useCategoriesChanged(true);
  return useMutation({
    mutationFn: ({ categoryId, body }: { categoryId?: number; body: CategoryRequest }) =>
      categoryId
        ? call(categoryOperations.rename, { params: { category_id: categoryId }, body }, silent)
        : call(categoryOperations.create, { body }, silent),
    onSuccess: changed,
  });
}

export function useDeleteCategory() {
  const changed = useCategoriesChanged(true);
  return useMutation({
    mutationFn: ({ categoryId, body }: { categoryId: number; body: DeleteCategoryRequest }) =>
      call(categoryOperations.delete, { params: { category_id: categoryId }, body }),
    onSuccess: changed,
  });
}

/** Takes a user out of its group. */
export function useUngroupUser() {
  const changed = useCategoriesChanged(true);
  return useMutation({
    mutationFn: (userId: number) => call(categoryOperations.ungroup, { params: { id: userId } }),
    onSuccess: changed,
  });
}

// ── Companies ────────────────────────────────────────────────────────────────────────────────

const COMPANY_LISTS = {
  all: companyOperations.list,
  sys: companyOperations.platformList,
  user: companyOperations.customerList,
} satisfies Record<CompanyOriginFilter, unknown>;

export function useCompanyList(origin: CompanyOriginFilter, query: CompanyListQuery, enabled = true) {
  return useQuery({
    queryKey: teamKeys.companyList(origin, query),
    queryFn: ({ signal }) => call(COMPANY_LISTS[origin], { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCompany(id: number) {
  return useQuery({
    queryKey: teamKeys.company(id),
    queryFn: ({ signal }) => call(companyOperations.detail, { params: { id } }, { signal }),
    enabled: id > 0,
  });
}

function useCompaniesChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [teamKeys.companies(), teamKeys.customers(), teamKeys.users()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** A company's members, devices and content (GET group/{group_id}/…, the company's id). */
export function companyHoldings(companyId: number): Holdings {
  const key = [...teamKeys.companies(), companyId];
  const params = { group_id: companyId };
  return {
    members: {
      key: [...key, 'members'],
      read: (query, signal) => call(companyOperations.members, { params, query }, { signal }),
    },
    devices: {
      key: [...key, 'devices'],
      read: (query, signal) => call(companyOperations.devices, { params, query }, { signal }),
    },
    content: {
      key: [...key, 'content'],
      read: (query, signal) => call(companyOperations.content, { params, query }, { signal }),
    },
  };
}

export function useCreateCompany() {
  const changed = useCompaniesChanged();
  return useMutation({
    mutationFn: (body: CreateCompanyRequest) => call(companyOperations.create, { body }, silent),
    onSuccess: changed,
  });
}

export function useUpdateCompany() {
  const changed = useCompaniesChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCompanyRequest }) =>
      call(companyOperations.update, { params: { company_id: id }, body }, silent),
    onSuccess: changed,
  });
}

export function useDeleteCompany() {
  const changed = useCompaniesChanged();
  return useMutation({
    mutationFn: (id: number) => call(companyOperations.delete, { params: { id } }),
    onSuccess: changed,
  });
}

// ── Customers ────────────────────────────────────────────────────────────────────────────────

export function useCustomerList(query: CustomerListQuery) {
  return useQuery({
    queryKey: teamKeys.customerList(query),
    queryFn: ({ signal }) => call(customerOperations.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerOptions(enabled = true) {
  return useQuery({
    queryKey: teamKeys.customerOptions(),
    queryFn: ({ signal }) => call(customerOperations.options, {}, { signal }),
    enabled,
  });
}

/** A customer's lists: its user admins, members, devices and companies. */
export type CustomerHoldings = {
  userAdmins: ListSource<UserItem>;
  members: ListSource<UserItem>;
  devices: ListSource<TeamDeviceItem>;
  companies: ListSource<CompanyItem>;
};

export function customerHoldings(customerId: number): CustomerHoldings {
  const key = [...teamKeys.customers(), customerId];
  const params = { customer_id: customerId };
  return {
    userAdmins: {
      key: [...key, 'user-admins'],
      read: (query, signal) => call(customerOperations.userAdmins, { params, query }, { signal }),
    },
    members: {
      key: [...key, 'members'],
      read: (query, signal) => call(customerOperations.members, { params, query }, { signal }),
    },
    devices: {
      key: [...key, 'devices'],
      read: (query, signal) => call(customerOperations.devices, { params, query }, { signal }),
    },
    companies: {
      key: [...key, 'companies'],
      read: (query, signal) => call(customerOperations.companies, { params, query }, { signal }),
    },
  };
}

function useCustomersChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.customers() });
}

export function useSaveCustomer() {
  const changed = useCustomersChanged();
  return useMutation({
    mutationFn: (
      input: { id: number; body: UpdateCustomerRequest } | { id?: undefined; body: CreateCustomerRequest },
    ) =>
      input.id !== undefined
        ? call(customerOperations.update, { params: { customer_id: input.id }, body: input.body }, silent)
        : call(customerOperations.create, { body: input.body }, silent),
    onSuccess: changed,
  });
}

export function useDeleteCustomer() {
  const changed = useCustomersChanged();
  return useMutation({
    mutationFn: (id: number) => call(customerOperations.delete, { params: { customer_id: id } }),
    onSuccess: changed,
  });
}
