import {
  isRole,
  nameSchema,
  ROLE_NAME,
  type UpdateProfileRequest,
  type UserInfo,
  updateProfileRequestSchema,
} from '@vitrine/contract';
import { Button, Card, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRules } from '../../../lib/form-rules';
import { useLayoutMode } from '../../../lib/layout-mode';
import { notify } from '../../../lib/notify';
import { useUpdateUserCenter } from '../api';

type Values = { username: string; nickname: string };

/** Who the user is: username and nickname editable, email and role as they are. */
export function AccountCard({ info }: { info: UserInfo }) {
  const { t } = useTranslation(['account', 'contract']);
  const rules = useRules();
  const update = useUpdateUserCenter();
  const { mobile } = useLayoutMode();

  const save = (values: Values) => {
    const input: UpdateProfileRequest = {
      username: values.username.trim(),
      nickname: values.nickname?.trim() || null,
    };
    update.mutate(input, { onSuccess: () => notify({ type: 'success', title: t('profile.saved') }) });
  };

  return (
    <Card title={t('profile.info.title')}>
      <Descriptions
        column={1}
        style={{ marginBottom: 24 }}
        items={[
          { key: 'email', label: t('field.email'), children: info.email },
          {
            key: 'role',
            label: t('field.role'),
            children: isRole(info.role_id) ? t(`contract:role.${ROLE_NAME[info.role_id]}`) : info.role_name,
          },
        ]}
      />
      <Form<Values>
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: info.username, nickname: info.nickname ?? '' }}
        onFinish={save}
        style={{ maxWidth: 480 }}
      >
        <Form.Item name="username" label={t('field.username')} rules={[rules.zod(nameSchema)]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="nickname"
          label={t('field.nickname')}
          rules={[rules.zod(updateProfileRequestSchema.shape.nickname)]}
        >
          <Input autoComplete="nickname" />
        </Form.Item>
        <Button id="saveProfile" type="primary" htmlType="submit" block={mobile} loading={update.isPending}>
          {t('profile.info.save')}
        </Button>
      </Form>
    </Card>
  );
}
