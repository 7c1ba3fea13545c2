import { Input, Modal, Typography } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { notify } from '../lib/notify';

// Confirmation dialogs (spec 000 §8, spec 001 §5): deletions ask the user to type DELETE.
export const DELETE_WORD = 'DELETE';

let modalApi: HookAPI | null = null;

/** Renders the dialogs inside the app's theme, language and direction; mounted by the shell. */
export function ConfirmHost() {
  const [api, holder] = Modal.useModal();
  useEffect(() => {
    modalApi = api;
    return () => {
      modalApi = null;
    };
  }, [api]);
  return holder;
}

const modal = () => modalApi ?? Modal;

export type ConfirmOptions = {
  title?: ReactNode;
  content: ReactNode;
  /** A returned promise keeps the dialog open and busy until it settles; a rejection keeps it open. */
  onOk: () => unknown;
  okText?: ReactNode;
  danger?: boolean;
};

export function confirmAction({ title, content, onOk, okText, danger = false }: ConfirmOptions): void {
  modal().confirm({
    title: title ?? i18n.t('common:confirm.actionTitle'),
    content,
    okText: okText ?? i18n.t('common:ok'),
    cancelText: i18n.t('common:cancel'),
    okButtonProps: { danger },
    onOk,
  });
}

function TypeToDelete({ content, onMatch }: { content: ReactNode; onMatch: (matches: boolean) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  return (
    <>
      <div>{content}</div>
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 8 }}>
        {t('confirm.typeToDelete', { word: DELETE_WORD })}
      </Typography.Paragraph>
      <Input
        value={typed}
        placeholder={DELETE_WORD}
        aria-label={t('confirm.typeToDelete', { word: DELETE_WORD })}
        autoComplete="off"
        onChange={(event) => {
          setTyped(event.target.value);
          onMatch(event.target.value === DELETE_WORD);
        }}
      />
    </>
  );
}

type DeleteOptions = Omit<ConfirmOptions, 'danger'> & {
  /** The notice once `onOk` has deleted (its promise resolved); none: `onOk` tells itself. */
  doneText?: string;
};

/** "Are you sure delete": OK (Delete, or okText) stays disabled until DELETE is typed. */
export function confirmDelete({ title, content, onOk, okText, doneText }: DeleteOptions): void {
  const instance = modal().confirm({
    title: title ?? i18n.t('common:confirm.deleteTitle'),
    content: (
      <TypeToDelete
        content={content}
        onMatch={(matches) => instance.update({ okButtonProps: { danger: true, disabled: !matches } })}
      />
    ),
    okText: okText ?? i18n.t('common:delete'),
    cancelText: i18n.t('common:cancel'),
    okButtonProps: { danger: true, disabled: true },
    onOk: doneText
      ? () => Promise.resolve(onOk()).then(() => notify({ type: 'success', title: doneText }))
      : onOk,
  });
}
