import { TranslationOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@lintel/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES } from '../../locales/locale-adapters';
import { useLocaleStore } from '../../locales/locale-store';

/** A globe button listing the 19 languages, each named in itself. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const setLocale = useLocaleStore((s) => s.setLocale);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l, label: LOCALE_NAMES[l] })),
        onClick: ({ key }) => void setLocale(key as Locale),
        style: { maxHeight: 360, overflowY: 'auto' },
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('app.language')}>
        {LOCALE_NAMES[locale]}
      </Button>
    </Dropdown>
  );
}
