import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';

// The drawer (colour pickers and all) is fetched the first time the gear is pressed.
const SettingsDrawer = lazy(() => import('./settings-drawer'));

/**
 * Whether the drawer is open. Kept outside the layouts: picking another layout re-mounts the frame,
 * and the drawer must stay open across that so the user can compare layouts.
 */
const useDrawerState = create<{ open: boolean; used: boolean }>(() => ({ open: false, used: false }));

/** The gear of the top bar that opens the layout configuration drawer. */
export function SettingsButton() {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      icon={<SettingOutlined />}
      aria-label={t('shell.settings')}
      title={t('shell.settings')}
      data-testid="open-settings"
      onClick={() => useDrawerState.setState({ open: true, used: true })}
    />
  );
}

/** Where the drawer lives: app-shell.tsx renders it beside (not inside) the layout. */
export function SettingsDrawerHost() {
  const { open, used } = useDrawerState();
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDrawer open={open} onClose={() => useDrawerState.setState({ open: false })} />
    </Suspense>
  );
}
