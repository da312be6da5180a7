import { Divider, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberRow, SettingRow, SwitchRow } from './setting-row';
import styles from './settings-drawer.module.css';
import { chooseOptions } from './tenant-defaults';
import type { ComponentSize, PageAnimation, TagsStyle, ThemeConfig } from './theme-config';

/** Drawer sections: interface switches (menus, header, lock, tags, footer) and display modes. */
export function DrawerInterface({ config }: { config: ThemeConfig }) {
  const { t } = useTranslation();
  const c = { config };
  return (
    <>
      <Divider titlePlacement="center">{t('shell.sectionInterface')}</Divider>
      <SettingRow label={t('shell.globalTitle')} testId="setting-globalTitle">
        <Input
          size="small"
          className={styles.select}
          allowClear
          placeholder={t('shell.globalTitleHint')}
          value={config.globalTitle}
          onChange={(e) => chooseOptions({ globalTitle: e.target.value })}
        />
      </SettingRow>
      <SwitchRow
        {...c}
        name="isCollapse"
        label={t('shell.collapse')}
        disabled={config.layout === 'transverse'}
      />
      <SwitchRow {...c} name="isUniqueOpened" label={t('shell.uniqueOpened')} />
      <SwitchRow {...c} name="isFixedHeader" label={t('shell.fixedHeader')} />
      <SwitchRow
        {...c}
        name="isClassicSplitMenu"
        label={t('shell.classicSplitMenu')}
        disabled={config.layout !== 'classic'}
      />
      <SwitchRow {...c} name="isShowLogo" label={t('shell.showLogo')} />
      <SwitchRow {...c} name="isBreadcrumb" label={t('shell.breadcrumb')} />
      <SwitchRow
        {...c}
        name="isBreadcrumbIcon"
        label={t('shell.breadcrumbIcon')}
        disabled={!config.isBreadcrumb}
      />
      <SwitchRow {...c} name="isLockScreen" label={t('shell.lockScreen')} />
      <NumberRow
        {...c}
        name="lockScreenTime"
        label={t('shell.lockScreenTime')}
        min={10}
        max={86_400}
        disabled={!config.isLockScreen}
      />
      <SwitchRow {...c} name="isTagsview" label={t('shell.tagsView')} />
      <SwitchRow {...c} name="isTagsviewIcon" label={t('shell.tagsViewIcon')} disabled={!config.isTagsview} />
      <SwitchRow
        {...c}
        name="isCacheTagsView"
        label={t('shell.tagsViewCache')}
        disabled={!config.isTagsview}
      />
      <SwitchRow
        {...c}
        name="isSortableTagsView"
        label={t('shell.tagsViewSortable')}
        disabled={!config.isTagsview}
      />
      <SwitchRow
        {...c}
        name="isShareTagsView"
        label={t('shell.tagsViewShare')}
        disabled={!config.isTagsview}
      />
      <SettingRow label={t('shell.tagsStyle')} testId="setting-tagsStyle">
        <Select<TagsStyle>
          size="small"
          className={styles.select}
          value={config.tagsStyle}
          disabled={!config.isTagsview}
          onChange={(v) => chooseOptions({ tagsStyle: v })}
          options={[
            { value: 'tags-style-one', label: t('shell.tagsStyleOne') },
            { value: 'tags-style-four', label: t('shell.tagsStyleFour') },
            { value: 'tags-style-five', label: t('shell.tagsStyleFive') },
          ]}
        />
      </SettingRow>
      <SwitchRow {...c} name="isFooter" label={t('shell.footer')} />

      <Divider titlePlacement="center">{t('shell.sectionDisplay')}</Divider>
      <SwitchRow {...c} name="isGrayscale" label={t('shell.grayscale')} />
      <SwitchRow {...c} name="isInvert" label={t('shell.invert')} />
      <SwitchRow {...c} name="isWatermark" label={t('shell.watermark')} />
      <SettingRow label={t('shell.watermarkText')} testId="setting-watermarkText">
        <Input
          size="small"
          className={styles.select}
          maxLength={40}
          disabled={!config.isWatermark}
          value={config.watermarkText}
          onChange={(e) => chooseOptions({ watermarkText: e.target.value })}
        />
      </SettingRow>
      <SettingRow label={t('shell.animation')} testId="setting-animation">
        <Select<PageAnimation>
          size="small"
          className={styles.select}
          value={config.animation}
          onChange={(v) => chooseOptions({ animation: v })}
          options={[
            { value: 'fadeDown', label: t('shell.animFadeDown') },
            { value: 'slide-right', label: t('shell.animSlideRight') },
            { value: 'slide-left', label: t('shell.animSlideLeft') },
            { value: 'opacitys', label: t('shell.animOpacity') },
          ]}
        />
      </SettingRow>
      <SettingRow label={t('shell.componentSize')} testId="setting-componentSize">
        <Select<ComponentSize>
          size="small"
          className={styles.select}
          value={config.componentSize}
          onChange={(v) => chooseOptions({ componentSize: v })}
          options={[
            { value: 'large', label: t('shell.sizeLarge') },
            { value: 'default', label: t('shell.sizeDefault') },
            { value: 'small', label: t('shell.sizeSmall') },
          ]}
        />
      </SettingRow>
      <SwitchRow {...c} name="isI18n" label={t('shell.i18n')} />
    </>
  );
}
