import { LOCALES, type Locale } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'antd';
import { useState, type ReactElement } from 'react';
import { LOCALE_NAMES } from '../../locales/locale-adapters';
import { useLocaleStore } from '../../locales/locale-store';
import { activeLanguages, languageKeys } from '../api/languages';

/**
 * The languages around the switch's button, mounted open on the first click: the ones the platform
 * keeps active in its language settings (sysLang), in their order, and always the one in use. Until
 * the list answers, or if it cannot, all 19 are offered.
 */
export default function LanguageMenu({ children }: { children: ReactElement }) {
  const locale = useLocaleStore((s) => s.locale);
  const active = useQuery({ queryKey: languageKeys.dropdown, queryFn: activeLanguages, staleTime: 300_000 });
  const offered = active.data
    ? [
        ...new Set([
          ...active.data
            .map((l) => l.value)
            .filter((code): code is Locale => LOCALES.includes(code as Locale)),
          locale,
        ]),
      ]
    : LOCALES;
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
        items: offered.map((l) => ({ key: l, label: LOCALE_NAMES[l] })),
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
