import { z } from 'zod';
import { userInfoSchema } from './account';
import { AccountStatus } from './enums';
import { noDataSchema, operation } from './operation';
import { PERMISSIONS } from './permissions';
import {
  bodyIdSchema,
  cappedListResultSchema,
  countSchema,
  emailSchema,
  idSchema,
  listQuerySchema,
  listResultSchema,
  nameSchema,
  optionalNameSchema,
} from './validation';

// Team area (spec 000 §7 "Workspaces" and "Users, groups, customers"), under
// /backend/manager/account. Dates are ISO 8601 strings; lists answer { list, total }, user lists
// { list, total, total_capped } (their count stops at LIST_TOTAL_CAP).

/** Ids of a bulk action: at least one, at most a page's worth. */
export const idsSchema = z
  .array(bodyIdSchema, { error: 'validation.ids.required' })
  .min(1, 'validation.ids.required')
  .max(200, 'validation.ids.max');

export const idsRequestSchema = z.object({ ids: idsSchema });
export type IdsRequest = z.input<typeof idsRequestSchema>;

/** A company's limit on users created: 1 to 9,999 (spec 001 §5 "Numbers: below 10000"), null = none. */
export const userLimitSchema = countSchema('validation.userLimit').nullable().optional();

// ── Customers (system integrators) ──────────────────────────────────────────────────────────

export const CUSTOMER_SORT_COLUMNS = ['customer_name', 'created_at', 'company_count'] as const;
export const customerListQuerySchema = listQuerySchema(CUSTOMER_SORT_COLUMNS);
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

export const customerItemSchema = z.object({
  customer_id: z.number(),
  customer_name: z.string(),
  client_type: z.string().nullable(),
  /** The customer's own account (role customer). */
  email: z.string().nullable(),
  user_admin_count: z.number(),
  member_count: z.number(),
  device_count: z.number(),
  company_count: z.number(),
  created_at: z.string(),
});
export type CustomerItem = z.infer<typeof customerItemSchema>;
export const customerListSchema = listResultSchema(customerItemSchema);
export type CustomerList = z.infer<typeof customerListSchema>;

export const createCustomerRequestSchema = z.object({
  customer_name: nameSchema,
  client_type: optionalNameSchema,
  email: emailSchema,
  username: nameSchema,
});
export type CreateCustomerRequest = z.input<typeof createCustomerRequestSchema>;

export const updateCustomerRequestSchema = z.object({
  customer_name: nameSchema,
  client_type: optionalNameSchema,
});
export type UpdateCustomerRequest = z.input<typeof updateCustomerRequestSchema>;

export const customerParamsSchema = z.object({ customer_id: idSchema });

export const customerOptionSchema = z.object({ customer_id: z.number(), customer_name: z.string() });
export type CustomerOption = z.infer<typeof customerOptionSchema>;
export const customerOptionsSchema = z.array(customerOptionSchema);

// ── Companies (the spec's "group") ──────────────────────────────────────────────────────────

/** How a company came to be. */
export const CompanyOrigin = { platform: 1, customer: 2, registered: 3 } as const;
export type CompanyOrigin = (typeof CompanyOrigin)[keyof typeof CompanyOrigin];

export const COMPANY_SORT_COLUMNS = ['company_name', 'created_at', 'member_count'] as const;
export const companyListQuerySchema = listQuerySchema(COMPANY_SORT_COLUMNS).extend({
  customer_id: idSchema.optional(),
});
export type CompanyListQuery = z.input<typeof companyListQuerySchema>;

export const companyOwnerSchema = z.object({
  user_id: z.number(),
  username: z.string(),
  email: z.string(),
  status: z.number(),
});
export type CompanyOwner = z.infer<typeof companyOwnerSchema>;

export const companyItemSchema = z.object({
  company_id: z.number(),
  /** The company's root workspace. */
  group_id: z.number().nullable(),
  company_name: z.string(),
  owner: companyOwnerSchema.nullable(),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  member_count: z.number(),
  owned_devices: z.number(),
  user_limit: z.number().nullable(),
  origin: z.number(),
  created_at: z.string(),
  /** Whether a delete would be accepted now (no members besides the owner, no devices or content). */
  can_del: z.boolean(),
});
export type CompanyItem = z.infer<typeof companyItemSchema>;
export const companyListSchema = listResultSchema(companyItemSchema);
export type CompanyList = z.infer<typeof companyListSchema>;

export const createCompanyRequestSchema = z.object({
  company_name: nameSchema,
  owner_email: emailSchema,
  owner_username: nameSchema,
  user_limit: userLimitSchema,
  /** Platform roles choose the customer (none: a platform company); a customer's are its own. */
  customer_id: bodyIdSchema.nullable().optional(),
});
export type CreateCompanyRequest = z.input<typeof createCompanyRequestSchema>;

export const updateCompanyRequestSchema = z.object({ company_name: nameSchema, user_limit: userLimitSchema });
export type UpdateCompanyRequest = z.input<typeof updateCompanyRequestSchema>;

export const companyIdParamsSchema = z.object({ id: idSchema });
export const companyEditParamsSchema = z.object({ company_id: idSchema });
export const companyGroupParamsSchema = z.object({ group_id: idSchema });

// ── User groups (categories) ────────────────────────────────────────────────────────────────

export const categoryItemSchema = z.object({
  category_id: z.number(),
  name: z.string(),
  user_count: z.number(),
});
export type CategoryItem = z.infer<typeof categoryItemSchema>;
export const categoryListSchema = z.array(categoryItemSchema);

export const categoryRequestSchema = z.object({ name: nameSchema });
export type CategoryRequest = z.input<typeof categoryRequestSchema>;

/** Its users move to another group, are deleted, or (neither, or no body) are left ungrouped. */
export const deleteCategoryRequestSchema = z
  .object({
    move_to_category_id: bodyIdSchema.nullable().optional(),
    delete_users: z.boolean({ error: 'validation.boolean' }).optional(),
  })
  .refine((value) => !(value.delete_users && value.move_to_category_id), {
    message: 'validation.category.moveOrDelete',
    path: ['delete_users'],
  })
  .nullish();
export type DeleteCategoryRequest = z.input<typeof deleteCategoryRequestSchema>;

export const categoryParamsSchema = z.object({ category_id: idSchema });
/** DELETE group/category/ungroup/{id}: id is a user's. */
export const ungroupParamsSchema = z.object({ id: idSchema });

// ── Users ───────────────────────────────────────────────────────────────────────────────────

export const USER_SORT_COLUMNS = [
  'username',
  'email',
  'created_at',
  'last_login_at',
  'status',
  'role_id',
] as const;
const statusSchema = z.coerce
  .number()
  .int()
  .refine((value) => (Object.values(AccountStatus) as number[]).includes(value), 'validation.status');

export const userListQuerySchema = listQuerySchema(USER_SORT_COLUMNS).extend({
  role_id: z.coerce.number().int().min(1).max(6).optional(),
  status: statusSchema.optional(),
  /** The workspace. */
  group_id: idSchema.optional(),
  category_id: idSchema.optional(),
  company_id: idSchema.optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** Member lists of a customer, company or workspace: paged, searchable, sortable. */
export const memberListQuerySchema = listQuerySchema(USER_SORT_COLUMNS);
export type MemberListQuery = z.input<typeof memberListQuerySchema>;

export const userItemSchema = z.object({
  user_id: z.number(),
  username: z.string(),
  nickname: z.string().nullable(),
  email: z.string(),
  role_id: z.number(),
  /** The role's name key (role.<name> in the locales). */
  role_name: z.string(),
  status: z.number(),
  company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  /** The user's workspace. */
  group_id: z.number().nullable(),
  group_name: z.string().nullable(),
  category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type UserItem = z.infer<typeof userItemSchema>;
/** Every list of users (team, company, customer, workspace members): the count stops at the cap. */
export const userListSchema = cappedListResultSchema(userItemSchema);
export type UserList = z.infer<typeof userListSchema>;

const roleIdSchema = z.number({ error: 'validation.role' }).int('validation.role').min(1, 'validation.role');

export const createUserRequestSchema = z.object({
  email: emailSchema,
  username: nameSchema,
  nickname: optionalNameSchema,
  role_id: roleIdSchema,
  /** The workspace the user belongs to. */
  group_id: bodyIdSchema,
  category_id: bodyIdSchema.nullable().optional(),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

export const updateUserRequestSchema = createUserRequestSchema.omit({ email: true });
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

export const userParamsSchema = z.object({ user_id: idSchema });

/** Enable (1) or disable (2); an inactive account becomes active only through its invite link. */
export const toggleUsersRequestSchema = z.object({
  ids: idsSchema,
  status: z.union([z.literal(AccountStatus.active), z.literal(AccountStatus.disabled)], {
    error: 'validation.status',
  }),
});
export type ToggleUsersRequest = z.input<typeof toggleUsersRequestSchema>;

/** filter 0: every role the caller may see; 1: only the roles the caller may assign. */
export const roleListQuerySchema = z.object({
  filter: z.coerce.number().int().min(0).max(1).default(0),
});
export type RoleListQuery = z.input<typeof roleListQuerySchema>;

export const roleItemSchema = z.object({ role_id: z.number(), name: z.string() });
export type RoleItem = z.infer<typeof roleItemSchema>;
export const roleListSchema = z.array(roleItemSchema);

// ── Workspaces ──────────────────────────────────────────────────────────────────────────────

export const workspaceItemSchema = z.object({
  group_id: z.number(),
  name: z.string(),
  parent_id: z.number().nullable(),
  member_count: z.number(),
  device_count: z.number(),
  content_count: z.number(),
});
export type WorkspaceItem = z.infer<typeof workspaceItemSchema>;
export const workspaceListSchema = z.object({ list: z.array(workspaceItemSchema) });
export type WorkspaceList = z.infer<typeof workspaceListSchema>;

export type WorkspaceNode = {
  group_id: number;
  group_name: string;
  name: string;
  /** 'own' for the caller's own workspace, 'sub' for the others. */
  origin: 'own' | 'sub';
  parent_id: number | null;
  children: WorkspaceNode[];
};
export const workspaceNodeSchema: z.ZodType<WorkspaceNode> = z.object({
  group_id: z.number(),
  group_name: z.string(),
  name: z.string(),
  origin: z.enum(['own', 'sub']),
  parent_id: z.number().nullable(),
  get children() {
    return z.array(workspaceNodeSchema);
  },
});
export const workspaceTreeSchema = z.object({ result: z.array(workspaceNodeSchema) });
export type WorkspaceTree = z.infer<typeof workspaceTreeSchema>;

export const createWorkspaceRequestSchema = z.object({ name: nameSchema, parent_id: bodyIdSchema });
export type CreateWorkspaceRequest = z.input<typeof createWorkspaceRequestSchema>;

/** parent_id moves the workspace (absent: stays where it is); the root has none and cannot move. */
export const updateWorkspaceRequestSchema = z.object({
  name: nameSchema,
  parent_id: bodyIdSchema.nullable().optional(),
});
export type UpdateWorkspaceRequest = z.input<typeof updateWorkspaceRequestSchema>;

export const workspaceParamsSchema = z.object({ id: idSchema });
export const workspaceGroupParamsSchema = z.object({ group_id: idSchema });

export const switchWorkspaceRequestSchema = z.object({ group_id: bodyIdSchema });
export type SwitchWorkspaceRequest = z.input<typeof switchWorkspaceRequestSchema>;

/** What keeps a workspace from being deleted (spec 001 §4), answered with 409001 in data.blockers. */
export const WORKSPACE_BLOCKERS = ['users', 'content', 'schedules', 'devices', 'licences'] as const;
export type WorkspaceBlocker = (typeof WORKSPACE_BLOCKERS)[number];
export const workspaceBlockersSchema = z.object({ blockers: z.array(z.enum(WORKSPACE_BLOCKERS)) });
export type WorkspaceBlockers = z.infer<typeof workspaceBlockersSchema>;

// ── Devices and content seen from the team area (lists filled by those areas) ───────────────

export const teamDeviceItemSchema = z.object({
  device_id: z.number(),
  device_name: z.string(),
  signage_id: z.string(),
  status: z.number(),
  company_id: z.number().nullable(),
  group_id: z.number().nullable(),
  group_name: z.string().nullable(),
});
export type TeamDeviceItem = z.infer<typeof teamDeviceItemSchema>;
export const teamDeviceListSchema = cappedListResultSchema(teamDeviceItemSchema);

export const teamContentItemSchema = z.object({
  content_id: z.number(),
  name: z.string(),
  type: z.number(),
  size: z.number(),
  group_id: z.number().nullable(),
  created_at: z.string(),
});
export type TeamContentItem = z.infer<typeof teamContentItemSchema>;
export const teamContentListSchema = listResultSchema(teamContentItemSchema);

export const pageQuerySchema = listQuerySchema(['created_at'] as const);
export type PageQuery = z.input<typeof pageQuerySchema>;

// ── The role → permission matrix ────────────────────────────────────────────────────────────

export const rolePermissionItemSchema = z.object({
  role_id: z.number(),
  /** The role's name key (role.<name> in the locales). */
  name: z.string(),
  permissions: z.array(z.string()),
  /** The most the role can hold. */
  ceiling: z.array(z.string()),
  /** What it holds on a new installation. */
  defaults: z.array(z.string()),
});
export type RolePermissionItem = z.infer<typeof rolePermissionItemSchema>;
export const rolePermissionListSchema = z.array(rolePermissionItemSchema);

export const updateRolePermissionRequestSchema = z.object({
  permissions: z
    .array(z.enum(PERMISSIONS, { error: 'validation.permission' }), { error: 'validation.permission' })
    .max(PERMISSIONS.length, 'validation.permission'),
});
export type UpdateRolePermissionRequest = z.input<typeof updateRolePermissionRequestSchema>;

export const roleParamsSchema = z.object({ role_id: idSchema });

// ── Workspace operations (spec 000 §7 "Workspaces") ─────────────────────────────────────────
// Managed with workspace:tree. The selector's tree and the switch are for every logged-in user.

const ACCOUNT = '/backend/manager/account';

export const workspaceOperations = {
  list: operation({
    method: 'GET',
    path: `${ACCOUNT}/workspace`,
    response: workspaceListSchema,
    access: 'workspace:tree',
  }),
  tree: operation({
    method: 'GET',
    path: `${ACCOUNT}/workspace/select-list`,
    response: workspaceTreeSchema,
    access: 'authenticated',
  }),
  create: operation({
    method: 'POST',
    path: `${ACCOUNT}/workspace`,
    body: createWorkspaceRequestSchema,
    response: workspaceItemSchema,
    access: 'workspace:tree',
  }),
  update: operation({
    method: 'PUT',
    path: `${ACCOUNT}/workspace/:id`,
    params: workspaceParamsSchema,
    body: updateWorkspaceRequestSchema,
    response: workspaceItemSchema,
    access: 'workspace:tree',
  }),
  delete: operation({
    method: 'DELETE',
    path: `${ACCOUNT}/workspace/:id`,
    params: workspaceParamsSchema,
    response: noDataSchema,
    access: 'workspace:tree',
  }),
  members: operation({
    method: 'GET',
    path: `${ACCOUNT}/workspace/:group_id/member-list`,
    params: workspaceGroupParamsSchema,
    query: memberListQuerySchema,
    response: userListSchema,
    access: 'workspace:tree',
  }),
  devices: operation({
    method: 'GET',
    path: `${ACCOUNT}/workspace/:group_id/device-list`,
    params: workspaceGroupParamsSchema,
    query: pageQuerySchema,
    response: teamDeviceListSchema,
    access: 'workspace:tree',
  }),
  content: operation({
    method: 'GET',
    path: `${ACCOUNT}/workspace/:group_id/content`,
    params: workspaceGroupParamsSchema,
    query: pageQuerySchema,
    response: teamContentListSchema,
    access: 'workspace:tree',
  }),
  switch: operation({
    method: 'POST',
    path: `${ACCOUNT}/user/workspace`,
    body: switchWorkspaceRequestSchema,
    response: userInfoSchema,
    access: 'authenticated',
  }),
};

/** The role → permission matrix (/setting/permission), edited by the system role within ceilings. */
export const rolePermissionOperations = {
  list: operation({
    method: 'GET',
    path: `${ACCOUNT}/role/permission`,
    response: rolePermissionListSchema,
    access: 'setting:pms',
  }),
  save: operation({
    method: 'PUT',
    path: `${ACCOUNT}/role/permission/:role_id`,
    params: roleParamsSchema,
    body: updateRolePermissionRequestSchema,
    response: rolePermissionItemSchema,
    access: 'setting:pms',
  }),
};

// ── Customer operations (spec 000 §7 "Customers") ───────────────────────────────────────────
// Platform roles only (team:cus:list). A customer's lists are its companies' people, devices and
// companies.

const CUSTOMER = `${ACCOUNT}/customer`;
const customerAccess = 'team:cus:list';

export const customerOperations = {
  list: operation({
    method: 'GET',
    path: CUSTOMER,
    query: customerListQuerySchema,
    response: customerListSchema,
    access: customerAccess,
  }),
  create: operation({
    method: 'POST',
    path: CUSTOMER,
    body: createCustomerRequestSchema,
    response: customerItemSchema,
    access: customerAccess,
  }),
  options: operation({
    method: 'GET',
    path: `${CUSTOMER}/all-list`,
    response: customerOptionsSchema,
    access: customerAccess,
  }),
  update: operation({
    method: 'PUT',
    path: `${CUSTOMER}/:customer_id`,
    params: customerParamsSchema,
    body: updateCustomerRequestSchema,
    response: customerItemSchema,
    access: customerAccess,
  }),
  delete: operation({
    method: 'DELETE',
    path: `${CUSTOMER}/:customer_id`,
    params: customerParamsSchema,
    response: noDataSchema,
    access: customerAccess,
  }),
  userAdmins: operation({
    method: 'GET',
    path: `${CUSTOMER}/:customer_id/user-admin-list`,
    params: customerParamsSchema,
    query: memberListQuerySchema,
    response: userListSchema,
    access: customerAccess,
  }),
  members: operation({
    method: 'GET',
    path: `${CUSTOMER}/:customer_id/member-list`,
    params: customerParamsSchema,
    query: memberListQuerySchema,
    response: userListSchema,
    access: customerAccess,
  }),
  companies: operation({
    method: 'GET',
    path: `${CUSTOMER}/:customer_id/company-list`,
    params: customerParamsSchema,
    query: companyListQuerySchema.omit({ customer_id: true }),
    response: companyListSchema,
    access: customerAccess,
  }),
  devices: operation({
    method: 'GET',
    path: `${CUSTOMER}/:customer_id/device-list`,
    params: customerParamsSchema,
    query: pageQuerySchema,
    response: teamDeviceListSchema,
    access: customerAccess,
  }),
};

// ── Company and user-group operations (spec 000 §7 "Groups") ────────────────────────────────
// Companies are the spec's "group"; in group/{group_id}/… the id is the company's. User groups
// (categories) live inside the caller's company. All with team:group:list.

const GROUP = `${ACCOUNT}/group`;
const groupAccess = 'team:group:list';

export const companyOperations = {
  /** Every company the caller sees; sys-generation: the platform's; user-generation: customers'. */
  list: operation({
    method: 'GET',
    path: GROUP,
    query: companyListQuerySchema,
    response: companyListSchema,
    access: groupAccess,
  }),
  platformList: operation({
    method: 'GET',
    path: `${GROUP}/sys-generation`,
    query: companyListQuerySchema,
    response: companyListSchema,
    access: groupAccess,
  }),
  customerList: operation({
    method: 'GET',
    path: `${GROUP}/user-generation`,
    query: companyListQuerySchema,
    response: companyListSchema,
    access: groupAccess,
  }),
  create: operation({
    method: 'POST',
    path: GROUP,
    body: createCompanyRequestSchema,
    response: companyItemSchema,
    access: groupAccess,
  }),
  detail: operation({
    method: 'GET',
    path: `${GROUP}/:id`,
    params: companyIdParamsSchema,
    response: companyItemSchema,
    access: groupAccess,
  }),
  update: operation({
    method: 'PUT',
    path: `${GROUP}/:company_id`,
    params: companyEditParamsSchema,
    body: updateCompanyRequestSchema,
    response: companyItemSchema,
    access: groupAccess,
  }),
  delete: operation({
    method: 'DELETE',
    path: `${GROUP}/:id`,
    params: companyIdParamsSchema,
    response: noDataSchema,
    access: groupAccess,
  }),
  members: operation({
    method: 'GET',
    path: `${GROUP}/:group_id/member-list`,
    params: companyGroupParamsSchema,
    query: memberListQuerySchema,
    response: userListSchema,
    access: groupAccess,
  }),
  devices: operation({
    method: 'GET',
    path: `${GROUP}/:group_id/device-list`,
    params: companyGroupParamsSchema,
    query: pageQuerySchema,
    response: teamDeviceListSchema,
    access: groupAccess,
  }),
  content: operation({
    method: 'GET',
    path: `${GROUP}/:group_id/content`,
    params: companyGroupParamsSchema,
    query: pageQuerySchema,
    response: teamContentListSchema,
    access: groupAccess,
  }),
};

export const categoryOperations = {
  list: operation({
    method: 'GET',
    path: `${GROUP}/category`,
    response: categoryListSchema,
    access: groupAccess,
  }),
  create: operation({
    method: 'POST',
    path: `${GROUP}/category`,
    body: categoryRequestSchema,
    response: categoryItemSchema,
    access: groupAccess,
  }),
  rename: operation({
    method: 'PUT',
    path: `${GROUP}/category/:category_id`,
    params: categoryParamsSchema,
    body: categoryRequestSchema,
    response: categoryItemSchema,
    access: groupAccess,
  }),
  delete: operation({
    method: 'DELETE',
    path: `${GROUP}/category/:category_id`,
    params: categoryParamsSchema,
    body: deleteCategoryRequestSchema,
    response: noDataSchema,
    access: groupAccess,
  }),
  /** Takes a user (the id) out of its group. */
  ungroup: operation({
    method: 'DELETE',
    path: `${GROUP}/category/ungroup/:id`,
    params: ungroupParamsSchema,
    response: noDataSchema,
    access: groupAccess,
  }),
};

// ── User operations (spec 000 §7 "Users") ───────────────────────────────────────────────────
// Lists with team:user:list, details with team:user:info, every change with team:user:add.

const USER = `${ACCOUNT}/user`;

export const userOperations = {
  list: operation({
    method: 'GET',
    path: USER,
    query: userListQuerySchema,
    response: userListSchema,
    access: 'team:user:list',
  }),
  /** Creates the user and mails the invite. */
  create: operation({
    method: 'POST',
    path: USER,
    body: createUserRequestSchema,
    response: userItemSchema,
    access: 'team:user:add',
  }),
  deleteMany: operation({
    method: 'DELETE',
    path: USER,
    body: idsRequestSchema,
    response: noDataSchema,
    access: 'team:user:add',
  }),
  toggle: operation({
    method: 'POST',
    path: `${USER}/toggle`,
    body: toggleUsersRequestSchema,
    response: noDataSchema,
    access: 'team:user:add',
  }),
  /** Mails the invite again to an inactive user. */
  sendInvite: operation({
    method: 'POST',
    path: `${USER}/send/:user_id`,
    params: userParamsSchema,
    response: noDataSchema,
    access: 'team:user:add',
  }),
  detail: operation({
    method: 'GET',
    path: `${USER}/:user_id`,
    params: userParamsSchema,
    response: userItemSchema,
    access: 'team:user:info',
  }),
  update: operation({
    method: 'PUT',
    path: `${USER}/:user_id`,
    params: userParamsSchema,
    body: updateUserRequestSchema,
    response: userItemSchema,
    access: 'team:user:add',
  }),
  delete: operation({
    method: 'DELETE',
    path: `${USER}/:user_id`,
    params: userParamsSchema,
    response: noDataSchema,
    access: 'team:user:add',
  }),
  /** The roles the caller may see (filter 0) or assign (filter 1). */
  roles: operation({
    method: 'GET',
    path: `${ACCOUNT}/role/all-list`,
    query: roleListQuerySchema,
    response: roleListSchema,
    access: 'team:user:list',
  }),
};
