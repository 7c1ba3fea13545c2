import { LANGUAGE_LABEL, LANGUAGES, type Language } from '@vitrine/contract';
import { Dropdown } from 'antd';
import { type ReactElement, useState } from 'react';

type Props = { language: Language; onChoose: (language: Language) => void; children: ReactElement };

/** The language list itself; loaded when the switch is first used. It opens on arrival. */
export function LanguageMenu({ language, onChoose, children }: Props) {
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: <span lang={lang}>{LANGUAGE_LABEL[lang]}</span>,
        })),
        onClick: ({ key }) => {
          setOpen(false);
          onChoose(key as Language);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
