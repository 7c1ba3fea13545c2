import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CategoryItem,
  CategoryRequest,
  CompanyItem,
  CompanyList,
  CompanyListQuery,
  CreateCompanyRequest,
  CreateCustomerRequest,
  CreateUserRequest,
  CustomerList,
  CustomerListQuery,
  CustomerOption,
  DeleteCategoryRequest,
  ListResult,
  MemberListQuery,
  RoleItem,
  ToggleUsersRequest,
  UpdateCompanyRequest,
  UpdateCustomerRequest,
  UpdateUserRequest,
  UserItem,
  UserList,
  UserListQuery,
} from '@vitrine/contract';
import { request } from '../../lib/http';

// Users, companies ("groups"), user groups (categories) and customers (spec 000 §7, under
// /manager/account). Forms show failures inline, so their writes are silent.
const BASE = '/manager/account';
const silent = { silent: true } as const;

export type CompanyOriginFilter = 'all' | 'sys' | 'user';
export type CustomerSubList = 'user-admin-list' | 'member-list' | 'device-list' | 'company-list';

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

/** A paged list read from one address: where it lives in the cache and which call fills it. */
export type ListSource = { key: readonly unknown[]; url: string };

/** One page of a list (a customer's members, a workspace's devices…). */
export function usePagedList<T>(source: ListSource, query: MemberListQuery) {
  return useQuery({
    queryKey: [...source.key, query],
    queryFn: ({ signal }) => request<ListResult<T>>('GET', source.url, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

// ── Users ────────────────────────────────────────────────────────────────────────────────────

export function useUserList(query: UserListQuery, enabled = true) {
  return useQuery({
    queryKey: teamKeys.userList(query),
    queryFn: ({ signal }) => request<UserList>('GET', `${BASE}/user`, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useUser(userId: number) {
  return useQuery({
    queryKey: teamKeys.user(userId),
    queryFn: ({ signal }) => request<UserItem>('GET', `${BASE}/user/${userId}`, { signal }),
    enabled: userId > 0,
  });
}

/** filter 0: every role the caller may see; 1: the roles the caller may assign. */
export function useRoles(filter: 0 | 1, enabled = true) {
  return useQuery({
    queryKey: teamKeys.roles(filter),
    queryFn: ({ signal }) =>
      request<RoleItem[]>('GET', `${BASE}/role/all-list`, { query: { filter }, signal }),
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
    mutationFn: (body: CreateUserRequest) => request<UserItem>('POST', `${BASE}/user`, { body, ...silent }),
    onSuccess: changed,
  });
}

export function useUpdateUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: UpdateUserRequest }) =>
      request<UserItem>('PUT', `${BASE}/user/${userId}`, { body, ...silent }),
    onSuccess: changed,
  });
}

/** Deletes one user, or several at once (DELETE user with body ids). */
export function useDeleteUsers() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? request<unknown>('DELETE', `${BASE}/user/${ids[0]}`)
        : request<unknown>('DELETE', `${BASE}/user`, { body: { ids } }),
    onSuccess: changed,
  });
}

export function useToggleUsers() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (body: ToggleUsersRequest) => request<unknown>('POST', `${BASE}/user/toggle`, { body }),
    onSuccess: changed,
  });
}

/** Mails the invite (again) to an inactive user. */
export function useSendInvite() {
  return useMutation({
    mutationFn: (userId: number) => request<unknown>('POST', `${BASE}/user/send/${userId}`),
  });
}

// ── User groups (categories) ─────────────────────────────────────────────────────────────────

export function useCategories(enabled = true) {
  return useQuery({
    queryKey: teamKeys.categories(),
    queryFn: ({ signal }) => request<CategoryItem[]>('GET', `${BASE}/group/category`, { signal }),
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
        ? request<CategoryItem>('PUT', `${BASE}/group/category/${categoryId}`, { body, ...silent })
        : request<CategoryItem>('POST', `${BASE}/group/category`, { body, ...silent }),
    onSuccess: changed,
  });
}

export function useDeleteCategory() {
  const changed = useCategoriesChanged(true);
  return useMutation({
    mutationFn: ({ categoryId, body }: { categoryId: number; body: DeleteCategoryRequest }) =>
      request<unknown>('DELETE', `${BASE}/group/category/${categoryId}`, { body }),
    onSuccess: changed,
  });
}

/** Takes a user out of its group. */
export function useUngroupUser() {
  const changed = useCategoriesChanged(true);
  return useMutation({
    mutationFn: (userId: number) => request<unknown>('DELETE', `${BASE}/group/category/ungroup/${userId}`),
    onSuccess: changed,
  });
}

// ── Companies ────────────────────────────────────────────────────────────────────────────────

const COMPANY_LIST_PATHS: Record<CompanyOriginFilter, string> = {
  all: `${BASE}/group`,
  sys: `${BASE}/group/sys-generation`,
  user: `${BASE}/group/user-generation`,
};

export function useCompanyList(origin: CompanyOriginFilter, query: CompanyListQuery, enabled = true) {
  return useQuery({
    queryKey: teamKeys.companyList(origin, query),
    queryFn: ({ signal }) => request<CompanyList>('GET', COMPANY_LIST_PATHS[origin], { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCompany(id: number) {
  return useQuery({
    queryKey: teamKeys.company(id),
    queryFn: ({ signal }) => request<CompanyItem>('GET', `${BASE}/group/${id}`, { signal }),
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

export type CompanySubList = 'member-list' | 'device-list' | 'content';

/** A company's members, devices or content (GET group/{group_id}/…, the company's id). */
export const companySubList = (companyId: number, list: CompanySubList): ListSource => ({
  key: [...teamKeys.companies(), companyId, list],
  url: `${BASE}/group/${companyId}/${list}`,
});

export function useCreateCompany() {
  const changed = useCompaniesChanged();
  return useMutation({
    mutationFn: (body: CreateCompanyRequest) =>
      request<CompanyItem>('POST', `${BASE}/group`, { body, ...silent }),
    onSuccess: changed,
  });
}

export function useUpdateCompany() {
  const changed = useCompaniesChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCompanyRequest }) =>
      request<CompanyItem>('PUT', `${BASE}/group/${id}`, { body, ...silent }),
    onSuccess: changed,
  });
}

export function useDeleteCompany() {
  const changed = useCompaniesChanged();
  return useMutation({
    mutationFn: (id: number) => request<unknown>('DELETE', `${BASE}/group/${id}`),
    onSuccess: changed,
  });
}

// ── Customers ────────────────────────────────────────────────────────────────────────────────

export function useCustomerList(query: CustomerListQuery) {
  return useQuery({
    queryKey: teamKeys.customerList(query),
    queryFn: ({ signal }) => request<CustomerList>('GET', `${BASE}/customer`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerOptions(enabled = true) {
  return useQuery({
    queryKey: teamKeys.customerOptions(),
    queryFn: ({ signal }) => request<CustomerOption[]>('GET', `${BASE}/customer/all-list`, { signal }),
    enabled,
  });
}

/** A customer's list: its user admins, members, devices or companies. */
export const customerSubList = (customerId: number, list: CustomerSubList): ListSource => ({
  key: [...teamKeys.customers(), customerId, list],
  url: `${BASE}/customer/${customerId}/${list}`,
});

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
      input.id
        ? request<unknown>('PUT', `${BASE}/customer/${input.id}`, { body: input.body, ...silent })
        : request<unknown>('POST', `${BASE}/customer`, { body: input.body, ...silent }),
    onSuccess: changed,
  });
}

export function useDeleteCustomer() {
  const changed = useCustomersChanged();
  return useMutation({
    mutationFn: (id: number) => request<unknown>('DELETE', `${BASE}/customer/${id}`),
    onSuccess: changed,
  });
}
