import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The user info or menu tree could not be loaded (server down, not a 401: the API client reloads on
 * those). Its own chunk: the sign-in page, which shares the guard's module, never pays for it.
 */
export default function SessionError({ message, onRetry }: { message?: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('error.reauthorize')}
        </Button>
      }
    />
  );
}
