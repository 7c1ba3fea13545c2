import type { ContentItem, LibraryContentType } from '@vitrine/contract';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SearchSelect } from '../../../components/SearchSelect';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useFolders, useMoveContent } from '../api';
import { useFolderName } from './FolderPanel';

type Props = {
  type: LibraryContentType;
  items: readonly ContentItem[];
  onClose: (moved: boolean) => void;
};

/** Moves one item or a selection into another folder of the workspace. */
export function MoveDialog({ type, items, onClose }: Props) {
  const { t } = useTranslation('content');
  const rules = useRules();
  const folders = useFolders(type);
  const nameOf = useFolderName();
  const move = useMoveContent();
  // One item starts from its own folder; a selection from none.
  const current = items.length === 1 ? items[0].folder_id : undefined;

  const close = (moved: boolean) => {
    move.reset();
    onClose(moved);
  };

  const submit = ({ folder_id }: { folder_id: number }) =>
    move.mutate(
      { ids: items.map((item) => item.id), folder_id },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('move.done') });
          close(true);
        },
      },
    );

  return (
    <Modal
      open={items.length > 0}
      title={t('move.title')}
      onCancel={() => close(false)}
      okText={t('move.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'moveContent', loading: move.isPending }}
      destroyOnHidden
    >
      <ErrorAlert error={move.error} />
      <Form name="moveContent" layout="vertical" onFinish={submit} initialValues={{ folder_id: current }}>
        <Form.Item name="folder_id" label={t('move.target')} rules={[rules.required('validation.required')]}>
          <SearchSelect<number>
            allowClear={false}
            loading={folders.isPending}
            options={(folders.data ?? []).map((folder) => ({
              value: folder.folder_id,
              label: nameOf(folder),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
