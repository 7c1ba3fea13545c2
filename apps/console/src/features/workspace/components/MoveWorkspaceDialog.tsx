import { Form, Modal, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useRules } from '../../../lib/form-rules';
import { subtreeIds, toOptions, type WorkspaceTreeItem } from '../tree';

type Props = {
  item: WorkspaceTreeItem | null;
  tree: readonly WorkspaceTreeItem[];
  onSubmit: (parentId: number) => Promise<unknown>;
  onClose: () => void;
};

/** "Move to": the keyboard and phone way of dragging a workspace under another. */
export function MoveWorkspaceDialog({ item, tree, onSubmit, onClose }: Props) {
  const { t } = useTranslation('team');
  const rules = useRules();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // Not into itself or its own branch.
  const options = useMemo(() => toOptions(tree, item ? subtreeIds(item) : new Set()), [tree, item]);

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = ({ parent_id }: { parent_id: number }) => {
    setBusy(true);
    setError(null);
    onSubmit(parent_id)
      .then(close, setError)
      .finally(() => setBusy(false));
  };

  return (
    <Modal
      open={item !== null}
      title={t('workspace.moveTitle', { name: item?.name ?? '' })}
      onCancel={close}
      okText={t('workspace.move')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'moveWorkspace', loading: busy }}
      destroyOnHidden
    >
      <ErrorAlert error={error} />
      <Form
        name="moveWorkspace"
        layout="vertical"
        onFinish={submit}
        initialValues={{ parent_id: item?.parent_id }}
      >
        <Form.Item
          name="parent_id"
          label={t('workspace.newParent')}
          rules={[rules.required('validation.required')]}
        >
          <TreeSelect<number>
            treeData={options}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder={t('workspace.newParent')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
