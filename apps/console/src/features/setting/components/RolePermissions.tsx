import { type Permission, Role, type RolePermissionItem } from '@vitrine/contract';
import { Button, Card, Checkbox, Flex, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteTables } from '../../../app/route-context';
import { notify } from '../../../lib/notify';
import { useSaveRolePermissions } from '../api';
import { groupPermissions, isModuleKey, PERMISSION_LABEL } from '../permission-labels';
import { listedPermissions } from '../permission-pages';

/** Keys the system role keeps whatever is chosen: without them nobody could edit the matrix. */
const LOCKED: Partial<Record<number, readonly string[]>> = { [Role.system]: ['setting:pms'] };

const sameSet = (a: ReadonlySet<string>, b: readonly string[]) =>
  a.size === b.length && b.every((key) => a.has(key));

/** One role's column of the matrix: the keys grouped by module, each by its name with the key
 * beneath, those above the role's ceiling greyed out; saved with PUT role/permission/{role_id}. */
export function RolePermissions({ role }: { role: RolePermissionItem }) {
  const { t } = useTranslation(['team', 'common']);
  const save = useSaveRolePermissions();
  const [checked, setChecked] = useState<Set<string>>(() => new Set(role.permissions));
  const routes = useRouteTables();
  const groups = useMemo(
    () => groupPermissions(listedPermissions(role.ceiling, routes)),
    [role.ceiling, routes],
  );
  const ceiling = useMemo(() => new Set(role.ceiling), [role.ceiling]);
  const locked = LOCKED[role.role_id] ?? [];
  const editable = (key: string) => ceiling.has(key) && !locked.includes(key);
  const changed = !sameSet(checked, role.permissions);

  const set = (keys: readonly string[], on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      for (const key of keys.filter(editable)) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });

  const submit = () =>
    save.mutate(
      {
        roleId: role.role_id,
        body: { permissions: [...checked].filter((key) => ceiling.has(key)) as Permission[] },
      },
      { onSuccess: () => notify({ type: 'success', title: t('saved') }) },
    );

  return (
    <Flex vertical gap="middle">
      <Flex wrap gap="small" justify="space-between" align="center">
        <Typography.Text type="secondary">
          {t('permission.summary', { held: checked.size, ceiling: role.ceiling.length })}
        </Typography.Text>
        <Flex wrap gap="small">
          <Button onClick={() => setChecked(new Set([...role.defaults, ...locked]))}>
            {t('permission.resetDefaults')}
          </Button>
          <Button disabled={!changed} onClick={() => setChecked(new Set(role.permissions))}>
            {t('permission.discard')}
          </Button>
          <Button type="primary" disabled={!changed} loading={save.isPending} onClick={submit}>
            {t('action.save')}
          </Button>
        </Flex>
      </Flex>
      {groups.map((group) => {
        const open = group.keys.filter(editable);
        const held = open.filter((key) => checked.has(key)).length;
        return (
          <Card
            key={group.module}
            size="small"
            title={
              <Checkbox
                checked={open.length > 0 && held === open.length}
                indeterminate={held > 0 && held < open.length}
                disabled={open.length === 0}
                onChange={(event) => set(open, event.target.checked)}
              >
                {t(group.title)}
              </Checkbox>
            }
          >
            <Flex wrap gap="small">
              {group.keys.map((key) => {
                const box = (
                  <Checkbox
                    key={key}
                    checked={checked.has(key) && ceiling.has(key)}
                    disabled={!editable(key)}
                    onChange={(event) => set([key], event.target.checked)}
                    style={{ minWidth: 220 }}
                  >
                    <Flex vertical>
                      <span>
                        {t(PERMISSION_LABEL[key])}
                        {isModuleKey(key) ? (
                          <Tag bordered={false} style={{ marginInlineStart: 8 }}>
                            {t('permission.module')}
                          </Tag>
                        ) : null}
                      </span>
                      {/* The key is for those who read the API: smaller, muted, left to right. */}
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        <code dir="ltr">{key}</code>
                      </Typography.Text>
                    </Flex>
                  </Checkbox>
                );
                return ceiling.has(key) ? (
                  box
                ) : (
                  <Tooltip key={key} title={t('permission.aboveCeiling')}>
                    <span>{box}</span>
                  </Tooltip>
                );
              })}
            </Flex>
          </Card>
        );
      })}
    </Flex>
  );
}
