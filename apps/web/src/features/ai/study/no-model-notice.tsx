import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissions } from '../../../shared/permission/permissions';
import { PROVIDER_PATH } from '../../../shared/ai/provider-path';

/** No model and no workflow: say so, and link to the provider settings for those who may open them. */
export function NoModelNotice() {
  const { t } = useTranslation();
  const mayConfigure = usePermissions().has('aiProvider:page');
  return (
    <Alert
      type="warning"
      showIcon
      message={t('aiStudy.noModelTitle')}
      description={
        <>
          {mayConfigure ? t('aiStudy.noModelAdmin') : t('aiStudy.noModelAsk')}{' '}
          {/* Underlined: inside a sentence, colour alone does not mark a link (WCAG 1.4.1). */}
          {mayConfigure && (
            <Link to={PROVIDER_PATH} style={{ textDecoration: 'underline' }}>
              {t('aiStudy.noModelLink')}
            </Link>
          )}
        </>
      }
    />
  );
}
