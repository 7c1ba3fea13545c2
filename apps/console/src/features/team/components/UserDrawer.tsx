import { createUserRequestSchema, type UserItem } from '@vitrine/contract';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDrawer } from '../../../components/FormDrawer';
import { useRoleLabel } from '../../../components/labels';
import { SearchSelect } from '../../../components/SearchSelect';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { WorkspaceTreeSelect } from '../../workspace/ui';
import { useCategories, useCreateUser, useRoles, useUpdateUser } from '../api';
import { CompanyRootSelect } from './CompanyRootSelect';
import { useFormFailure } from './form-failure';

type Values = {
  email: string;
  username: string;
  nickname?: string;
  role_id: number;
  group_id: number;
  category_id?: number | null;
};

type Props = { open: boolean; user: UserItem | null; onClose: () => void };
const shape = createUserRequestSchema.shape;

/** Adds a member (the invite is mailed) or edits one: email, names, role, workspace, user group. */
export function UserDrawer({ open, user, onClose }: Props) {
  const { t } = useTranslation(['team', 'contract']);
  const rules = useRules();
  const roleLabel = useRoleLabel();
  const { workspaceId, user: me } = useSession();
  const hasTree = usePermission('workspace:tree');
  const [form] = Form.useForm<Values>();
  const roles = useRoles(1, open);
  const categories = useCategories(open && me?.company_id != null);
  const create = useCreateUser();
  const update = useUpdateUser();
  const failure = useFormFailure(form);
  const editing = user !== null;

  const roleOptions = (roles.data ?? []).map((role) => ({
    value: role.role_id,
    label: roleLabel(role.role_id),
  }));
  // An edited user keeps a role the caller could not hand out today.
  if (user && !roleOptions.some((option) => option.value === user.role_id)) {
    roleOptions.push({ value: user.role_id, label: roleLabel(user.role_id) });
  }

  // A caller who can hand out a single role (a user admin adds users) does not have to pick it.
  const onlyRole = roles.data?.length === 1 ? roles.data[0].role_id : undefined;
  useEffect(() => {
    if (onlyRole !== undefined && open && form.getFieldValue('role_id') === undefined) {
      form.setFieldValue('role_id', onlyRole);
    }
  }, [form, open, onlyRole]);

  const close = () => {
    failure.clear();
    create.reset();
    update.reset();
    onClose();
  };

  const submit = (values: Values) => {
    failure.clear();
    const body = {
      username: values.username.trim(),
      nickname: values.nickname?.trim() || null,
      role_id: values.role_id,
      // Edited without the workspace tree, the user stays in its workspace.
      group_id: values.group_id ?? user?.group_id ?? 0,
      category_id: values.category_id ?? null,
    };
    if (user) {
      update.mutate(
        { userId: user.user_id, body },
        {
          onSuccess: () => {
            notify({ type: 'success', title: t('saved') });
            close();
          },
          onError: failure.fail,
        },
      );
      return;
    }
    const email = values.email.trim().toLowerCase();
    create.mutate(
      { ...body, email },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('user.invited', { email }) });
          close();
        },
        onError: failure.fail,
      },
    );
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={editing ? t('user.editTitle') : t('user.addTitle')}
      formId="userForm"
      submitting={create.isPending || update.isPending}
      submitText={editing ? t('action.save') : t('user.sendInvite')}
    >
      <ErrorAlert error={failure.error} />
      <Form<Values>
        name="userForm"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          email: user?.email,
          username: user?.username,
          nickname: user?.nickname ?? undefined,
          role_id: user?.role_id,
          group_id: user?.group_id ?? workspaceId ?? undefined,
          category_id: user?.category_id ?? undefined,
        }}
      >
        <Form.Item name="email" label={t('field.email')} rules={editing ? [] : [rules.email]}>
          <Input type="email" autoComplete="off" disabled={editing} />
        </Form.Item>
        <Form.Item name="username" label={t('field.username')} rules={[rules.zod(shape.username)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="nickname" label={t('field.nickname')} rules={[rules.zod(shape.nickname)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="role_id" label={t('field.role')} rules={[rules.required('validation.required')]}>
          <SearchSelect<number> options={roleOptions} loading={roles.isPending} allowClear={false} />
        </Form.Item>
        {hasTree ? (
          <Form.Item
            name="group_id"
            label={t('field.workspace')}
            rules={[rules.required('validation.required')]}
          >
            <WorkspaceTreeSelect />
          </Form.Item>
        ) : editing ? null : (
          <Form.Item
            name="group_id"
            label={t('field.company')}
            rules={[rules.required('validation.required')]}
          >
            <CompanyRootSelect />
          </Form.Item>
        )}
        {me?.company_id != null ? (
          <Form.Item name="category_id" label={t('field.category')}>
            <SearchSelect<number>
              options={(categories.data ?? []).map((item) => ({ value: item.category_id, label: item.name }))}
              loading={categories.isPending}
            />
          </Form.Item>
        ) : null}
      </Form>
    </FormDrawer>
  );
}
