import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME } from '../../shared/routing/paths';
import { readAccessToken } from '../../shared/api/tokens';
import { clearSessionStorage } from '../../shared/storage';

/**
 * SPEC 2 "Error pages": not authorised; re-authorising means signing in again. A signed-in account
 * that typed the address of a page it may not open can also go back to its home page.
 */
export default function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reauthorize = () => {
    clearSessionStorage();
    void navigate('/login', { replace: true });
  };
  return (
    <Result
      status="403"
      title={t('error.noPermissionTitle')}
      subTitle={t('error.noPermissionText')}
      extra={[
        <Button key="reauthorize" type="primary" onClick={reauthorize}>
          {t('error.reauthorize')}
        </Button>,
        readAccessToken() && (
          <Button key="home" onClick={() => void navigate(HOME)}>
            {t('error.backHome')}
          </Button>
        ),
      ]}
    />
  );
}
