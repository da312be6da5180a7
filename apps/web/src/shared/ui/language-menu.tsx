import { LOCALES, type Locale } from '@lintel/contracts';
import { Dropdown } from 'antd';
import { useState, type ReactElement } from 'react';
import { LOCALE_NAMES } from '../../locales/locale-adapters';
import { useLocaleStore } from '../../locales/locale-store';

/** The list of the 19 languages around the switch's button; mounted open on the first click. */
export default function LanguageMenu({ children }: { children: ReactElement }) {
  const locale = useLocaleStore((s) => s.locale);
  const setLocale = useLocaleStore((s) => s.setLocale);
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l, label: LOCALE_NAMES[l] })),
        onClick: ({ key }) => {
          setOpen(false);
          void setLocale(key as Locale);
        },
        style: { maxHeight: 360, overflowY: 'auto' },
      }}
    >
      {children}
    </Dropdown>
  );
}
