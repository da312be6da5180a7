import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha } from '../auth-api';

export const captchaKey = ['auth', 'captcha'] as const;

/** The image captcha; a click fetches a new one. The id is read by the form from the same query. */
export function useCaptcha(enabled: boolean) {
  return useQuery({ queryKey: captchaKey, queryFn: fetchCaptcha, enabled, staleTime: 50_000, gcTime: 0 });
}

export function CaptchaImage({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const { data, refetch, isFetching } = useCaptcha(enabled);
  if (!data)
    return <div style={{ width: 128, height: 40, borderRadius: 6, background: 'rgba(0,0,0,0.06)' }} />;
  return (
    <img
      src={data.img}
      alt={t('login.captcha')}
      title={t('login.captchaRefresh')}
      onClick={() => void refetch()}
      style={{ width: 128, height: 40, cursor: 'pointer', opacity: isFetching ? 0.5 : 1, borderRadius: 6 }}
    />
  );
}
