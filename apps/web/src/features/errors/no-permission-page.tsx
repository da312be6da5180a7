import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearSessionStorage } from '../../shared/storage';

/** SPEC 2 "Error pages": not authorised; re-authorising means signing in again. */
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
      extra={
        <Button type="primary" onClick={reauthorize}>
          {t('error.reauthorize')}
        </Button>
      }
    />
  );
}
