import type { ContentItem } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { notify } from '../../../lib/notify';
import { fetchUses, useDeleteContent, usePurgeContent, useRestoreContent } from '../api';
import { UsesList } from './UsesList';

const idsOf = (items: readonly ContentItem[]) => items.map((item) => item.id);
const namesOf = (items: readonly ContentItem[]) => items.map((item) => item.name).join(', ');

/**
 * Deleting to the recycle bin asks the server what uses the items first: when something does,
 * the dialog lists it and offers to remove them from it and delete (spec 001 §4). In the bin,
 * items are restored at once, or purged after a confirmation. `onDone` runs after each success.
 */
export function useContentRemoval(onDone: () => void) {
  const { t } = useTranslation('content');
  const remove = useDeleteContent();
  const restore = useRestoreContent();
  const purge = usePurgeContent();
  const [checking, setChecking] = useState(false);

  // A refused call has shown the server's reason; its dialog closes like after a success.
  const settle = (call: Promise<unknown>, done: string) =>
    call.then(
      () => {
        notify({ type: 'success', title: done });
        onDone();
      },
      () => undefined,
    );
  const deleteItems = (items: readonly ContentItem[], detach: boolean) =>
    settle(remove.mutateAsync({ ids: idsOf(items), detach }), t('delete.done'));

  const askDelete = async (items: readonly ContentItem[]) => {
    setChecking(true);
    // A failed check shows the server's notice; nothing is asked then.
    const found = await fetchUses(idsOf(items))
      .catch(() => null)
      .finally(() => setChecking(false));
    if (!found) return;
    const inUse = found
      .filter((entry) => entry.uses.length > 0)
      .flatMap((entry) => {
        const item = items.find((candidate) => candidate.id === entry.id);
        return item ? [{ item, uses: entry.uses }] : [];
      });
    if (inUse.length === 0) {
      confirmDelete({
        content: t('delete.confirm', { names: namesOf(items) }),
        onOk: () => deleteItems(items, false),
      });
    } else {
      confirmDelete({
        content: (
          <UsesList
            intro={t('delete.inUse')}
            inUse={inUse.map(({ item, uses }) => ({ id: item.id, name: item.name, uses }))}
          />
        ),
        okText: t('delete.detach'),
        onOk: () => deleteItems(items, true),
      });
    }
  };

  return {
    busy: checking || remove.isPending || restore.isPending || purge.isPending,
    remove: (items: readonly ContentItem[]) => void askDelete(items),
    restore: (items: readonly ContentItem[]) =>
      void settle(restore.mutateAsync(idsOf(items)), t('restore.done')),
    purge: (items: readonly ContentItem[]) =>
      confirmDelete({
        content: t('purge.confirm', { names: namesOf(items) }),
        okText: t('action.purge'),
        onOk: () => settle(purge.mutateAsync(idsOf(items)), t('purge.done')),
      }),
  };
}
