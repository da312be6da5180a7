import { Divider, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../shared/api/notify';
import { LayoutPicker } from './layout-picker';
import { ColorRow, NumberRow, SettingRow, SwitchRow } from './setting-row';
import { chooseOptions } from './tenant-defaults';
import type { ColumnsAsideLayout, ColumnsAsideStyle, ThemeConfig } from './theme-config';

/** Drawer sections: global theme, layout, and the colours of the top bar, menu and columns rail. */
export function DrawerColours({ config }: { config: ThemeConfig }) {
  const { t } = useTranslation();
  const c = { config };
  return (
    <>
      <Divider titlePlacement="center">{t('shell.sectionTheme')}</Divider>
      <ColorRow
        {...c}
        name="primary"
        label={t('shell.primary')}
        // SPEC 5: the primary colour cannot be empty; clearing it keeps the colour and says why.
        onEmpty={() => notifier().error(t('shell.primaryRequired'))}
      />
      <SwitchRow {...c} name="isDark" label={t('shell.dark')} />

      <Divider titlePlacement="center">{t('shell.sectionLayout')}</Divider>
      <LayoutPicker value={config.layout} />

      <Divider titlePlacement="center">{t('shell.sectionTopBar')}</Divider>
      <ColorRow {...c} name="topBar" label={t('shell.background')} />
      <ColorRow {...c} name="topBarColor" label={t('shell.textColor')} />
      <SwitchRow {...c} name="isTopBarColorGradual" label={t('shell.gradient')} />

      <Divider titlePlacement="center">{t('shell.sectionMenu')}</Divider>
      <ColorRow {...c} name="menuBar" label={t('shell.background')} />
      <ColorRow {...c} name="menuBarColor" label={t('shell.textColor')} />
      <ColorRow {...c} name="menuBarActiveColor" label={t('shell.activeColor')} alpha />
      <SwitchRow {...c} name="isMenuBarColorGradual" label={t('shell.gradient')} />

      <Divider titlePlacement="center">{t('shell.sectionColumns')}</Divider>
      <ColorRow {...c} name="columnsMenuBar" label={t('shell.background')} />
      <ColorRow {...c} name="columnsMenuBarColor" label={t('shell.textColor')} />
      <SwitchRow {...c} name="isColumnsMenuBarColorGradual" label={t('shell.gradient')} />
      <SwitchRow {...c} name="isColumnsMenuHoverPreload" label={t('shell.hoverPreload')} />
      <NumberRow {...c} name="columnsLogoHeight" label={t('shell.columnsLogoHeight')} min={30} max={120} />
      <NumberRow {...c} name="columnsMenuWidth" label={t('shell.columnsMenuWidth')} min={56} max={160} />
      <NumberRow {...c} name="columnsMenuHeight" label={t('shell.columnsMenuHeight')} min={36} max={100} />
      <SettingRow label={t('shell.columnsAsideStyle')} testId="setting-columnsAsideStyle">
        <Segmented<ColumnsAsideStyle>
          size="small"
          value={config.columnsAsideStyle}
          onChange={(v) => chooseOptions({ columnsAsideStyle: v })}
          options={[
            { value: 'columns-round', label: t('shell.styleRound') },
            { value: 'columns-card', label: t('shell.styleCard') },
          ]}
        />
      </SettingRow>
      <SettingRow label={t('shell.columnsAsideLayout')} testId="setting-columnsAsideLayout">
        <Segmented<ColumnsAsideLayout>
          size="small"
          value={config.columnsAsideLayout}
          onChange={(v) => chooseOptions({ columnsAsideLayout: v })}
          options={[
            { value: 'columns-horizontal', label: t('shell.arrangeHorizontal') },
            { value: 'columns-vertical', label: t('shell.arrangeVertical') },
          ]}
        />
      </SettingRow>
    </>
  );
}
