import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** SPEC 2 "Error pages": the address was wrong; back to home. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('error.notFoundTitle')}
      subTitle={t('error.notFoundText')}
      extra={
        <Button type="primary" onClick={() => void navigate('/dashboard/home')}>
          {t('error.backHome')}
        </Button>
      }
    />
  );
}
