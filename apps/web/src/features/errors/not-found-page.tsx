import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME } from '../../shared/routing/paths';

/** SPEC 2 "Error pages": the address was wrong; back to the account's home page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('error.notFoundTitle')}
      subTitle={t('error.notFoundText')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME)}>
          {t('error.backHome')}
        </Button>
      }
    />
  );
}
