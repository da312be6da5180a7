import type { DemoMenuSwitch } from '@lintel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api/client';
import { notifier } from '../../shared/api/notify';
import { sessionKeys } from '../../shared/session/session-api';

const KEY = ['demo', 'menuSwitch'] as const;

/**
 * The tenant's switch for the demo menus (sys_demo_menus): off, the demo directory leaves every
 * account's menu at once; the signed-in menu is reloaded so the change shows here too.
 */
export function DemoMenusSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: KEY, queryFn: () => request<DemoMenuSwitch>('/api/demo/menuSwitch') });
  const save = useMutation({
    mutationFn: (visible: boolean) =>
      request<null>('/api/demo/setMenuSwitch', { method: 'POST', body: { visible } }),
    onSuccess: async () => {
      notifier().success(t('demo.switch.saved'));
      await queryClient.invalidateQueries({ queryKey: KEY });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.menuTree });
    },
  });
  return (
    <Space align="start" style={{ marginBottom: 16 }}>
      <Switch
        id="demo-menus-switch"
        checked={state.data?.visible ?? false}
        loading={state.isPending || save.isPending}
        onChange={(visible) => save.mutate(visible)}
        data-testid="demo-menus-switch"
      />
      <label htmlFor="demo-menus-switch">
        {t('demo.switch.label')}
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {t('demo.switch.hint')}
        </Typography.Text>
      </label>
    </Space>
  );
}
