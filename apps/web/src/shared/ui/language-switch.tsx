import { TranslationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES } from '../../locales/locale-adapters';
import { useLocaleStore } from '../../locales/locale-store';

// The menu (antd Dropdown and Menu) is fetched on the first click: the sign-in page, which shows
// this switch, does not pay for it up front (issue 3's script budget).
const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);

/** A globe button listing the 19 languages, each named in itself. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const [armed, setArmed] = useState(false);
  const button = (
    <Button
      type="text"
      icon={<TranslationOutlined />}
      // The visible language name leads the accessible name (WCAG 2.5.3, label in name).
      aria-label={`${LOCALE_NAMES[locale]} (${t('app.language')})`}
      onMouseEnter={() => void loadMenu()}
      onClick={armed ? undefined : () => setArmed(true)}
    >
      {LOCALE_NAMES[locale]}
    </Button>
  );
  if (!armed) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu>{button}</LanguageMenu>
    </Suspense>
  );
}
