import { type ContentUse, ResultCode } from '@vitrine/contract';
import { confirmAction } from '../../../components/confirm';
import { ApiError } from '../../../lib/http';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { type ItemUses, UsesList } from './UsesList';

type Item = { id: number; name: string };
type Texts = { intro: string; okText: string };

/**
 * After a delete the server refused with 409001 (data.uses: what uses the items): lists them and
 * offers to detach the items and delete (spec 001 §4). False when the refusal was something else.
 */
export function offerDetach(error: unknown, items: readonly Item[], texts: Texts, onDetach: () => unknown) {
  if (!(error instanceof ApiError) || error.code !== ResultCode.inUse) return false;
  const uses = (error.data as { uses?: ContentUse[] } | null)?.uses;
  if (!Array.isArray(uses) || uses.length === 0) return false;
  // The server names what uses any of the items; with one item, all of it is that item's.
  const inUse: ItemUses[] =
    items.length === 1
      ? [{ ...items[0], uses }]
      : [{ id: 0, name: items.map((item) => item.name).join(', '), uses }];
  confirmAction({
    title: i18n.t('common:confirm.deleteTitle'),
    content: <UsesList intro={texts.intro} inUse={inUse} />,
    okText: texts.okText,
    danger: true,
    onOk: onDetach,
  });
  return true;
}

/**
 * Deletes with `remove(detach)`: first without detaching (the call should be silent then); when
 * the server answers that something uses the items, offers to detach them and delete; any other
 * refusal is shown. `done` runs after a delete.
 */
export function deleteOfferingDetach(
  items: readonly Item[],
  texts: Texts,
  remove: (detach: boolean) => Promise<unknown>,
  done: () => void,
  detach = false,
): Promise<void> {
  return remove(detach).then(done, (error: unknown) => {
    const offered = offerDetach(error, items, texts, () =>
      deleteOfferingDetach(items, texts, remove, done, true),
    );
    if (!offered && error instanceof ApiError && !detach) notify({ type: 'error', title: error.message });
  });
}
