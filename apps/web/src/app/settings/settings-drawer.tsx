import { CopyOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../shared/api/notify';
import { copyThemeConfig } from './copy-config';
import { DrawerColours } from './drawer-colours';
import { DrawerInterface } from './drawer-interface';
import styles from './settings-drawer.module.css';
import { useEffectiveThemeConfig } from './tenant-defaults';
import { useThemeConfig } from './theme-config';

/**
 * The layout configuration drawer (SPEC 3 "Layout and theme settings"): every option, applied live
 * and kept on this device; copy the configuration as JSON, or go back to the defaults.
 */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const config = useEffectiveThemeConfig();

  const copy = async () => {
    if (await copyThemeConfig()) notifier().success(t('shell.copySuccess'));
    else notifier().error(t('shell.copyFailed'));
  };
  const reset = () => {
    useThemeConfig.getState().reset();
    notifier().success(t('shell.resetDone'));
  };

  return (
    <Drawer
      title={t('shell.settings')}
      open={open}
      onClose={onClose}
      size={320}
      data-testid="settings-drawer"
      classNames={{ body: styles.body }}
      footer={
        <div className={styles.footer}>
          <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="settings-copy">
            {t('shell.copy')}
          </Button>
          <Button icon={<UndoOutlined />} onClick={reset} data-testid="settings-reset">
            {t('shell.reset')}
          </Button>
        </div>
      }
    >
      <DrawerColours config={config} />
      <DrawerInterface config={config} />
    </Drawer>
  );
}
