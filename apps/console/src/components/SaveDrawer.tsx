import { Fragment, type ReactNode, useState } from 'react';
import { notify } from '../lib/notify';
import { ErrorAlert } from './ErrorAlert';
import { FormDrawer } from './FormDrawer';
import type { ItemDrawerProps } from './ItemDrawer';

/** The part of a save mutation (useMutation) the drawer uses. */
export type SaveMutation<V> = {
  mutate: (variables: V, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  reset: () => void;
  isPending: boolean;
};

type Props<V> = {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** The form's id: the footer's submit button submits it. */
  formId: string;
  save: SaveMutation<V>;
  /** The notice once saved; the drawer then closes. */
  savedText: string;
  /** The form, given the function that sends what it filled in. */
  children: (send: (variables: V) => void) => ReactNode;
};

/**
 * A form drawer that adds or changes one item: a refusal is shown above the form, which stays
 * open; once saved a notice says so and the drawer closes, forgetting the refusal.
 */
export function SaveDrawer<V>({ open, title, onClose, formId, save, savedText, children }: Props<V>) {
  const [error, setError] = useState<unknown>(null);

  const close = () => {
    setError(null);
    save.reset();
    onClose();
  };

  const send = (variables: V) => {
    setError(null);
    save.mutate(variables, {
      onSuccess: () => {
        notify({ type: 'success', title: savedText });
        close();
      },
      onError: setError,
    });
  };

  return (
    <FormDrawer open={open} onClose={close} title={title} formId={formId} submitting={save.isPending}>
      <ErrorAlert error={error} />
      {children(send)}
    </FormDrawer>
  );
}

type ItemProps<T, B> = ItemDrawerProps<T> &
  Omit<Props<{ id?: number; body: B }>, 'open' | 'onClose' | 'children'> & {
    /** The item's form, made anew for each item, given the function that saves what it filled in. */
    children: (submit: (body: B) => void) => ReactNode;
  };

/** A SaveDrawer that adds an item (none given) or changes `item`, saving the body with its id. */
export function ItemSaveDrawer<T extends { id: number }, B>({ item, children, ...props }: ItemProps<T, B>) {
  return (
    <SaveDrawer {...props}>
      {(send) => (
        <Fragment key={item?.id ?? 'new'}>{children((body) => send({ id: item?.id, body }))}</Fragment>
      )}
    </SaveDrawer>
  );
}
