import type { AiConnectionOutcome } from '@lintel/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a connection test found: latencies and the models listed, or the server's localized failure. */
export function ConnectionResult({ outcome }: { outcome: AiConnectionOutcome }) {
  const { t } = useTranslation();
  if (!outcome.ok)
    return <Alert type="error" showIcon message={t('aiProvider.testFailed')} description={outcome.message} />;
  const parts = [
    outcome.listLatencyMs !== null
      ? t('aiProvider.testListed', { n: outcome.models.length, ms: outcome.listLatencyMs })
      : null,
    outcome.chatLatencyMs !== null
      ? t('aiProvider.testFirstToken', { model: outcome.chatModel ?? '', ms: outcome.chatLatencyMs })
      : t('aiProvider.testNoChat'),
  ].filter(Boolean);
  return <Alert type="success" showIcon message={t('aiProvider.testOk')} description={parts.join(' · ')} />;
}
