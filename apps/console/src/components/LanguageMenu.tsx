import { LANGUAGE_LABEL, LANGUAGES, type Language } from '@vitrine/contract';
import { Dropdown } from 'antd';
import { type ReactElement, useState } from 'react';

type Props = {
  language: Language;
  onChoose: (language: Language) => void;
  /** Called when the list closes (a choice, Escape, a click elsewhere): focus goes back to the button. */
  onClose: () => void;
  children: ReactElement;
};

/**
 * The language list itself; loaded when the switch is first used. It opens on arrival with the
 * focus in it (arrow keys, Enter), and gives the focus back to its button when it closes.
 */
export function LanguageMenu({ language, onChoose, onClose, children }: Props) {
  const [open, setOpen] = useState(true);
  const close = () => {
    setOpen(false);
    onClose();
  };
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      autoFocus
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: <span lang={lang}>{LANGUAGE_LABEL[lang]}</span>,
        })),
        onClick: ({ key }) => {
          close();
          onChoose(key as Language);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
