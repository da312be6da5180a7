import { ExportOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The page of an external-link menu (meta.isLink without meta.isIframe): the menu opens the address
 * in a new tab; reaching the menu's own path (from its folder, or typed) offers to open it.
 */
export function LinkView({ href, title }: { href: string; title: string }) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<ExportOutlined />}
      title={title}
      subTitle={t('shellx.linkHint')}
      extra={
        <Button type="primary" href={href} target="_blank" rel="noopener noreferrer" data-testid="link-open">
          {t('shellx.linkOpen')}
        </Button>
      }
    />
  );
}
