import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Sends the code and resolves to the seconds the server asks to wait before the next one. */
  onSend(): Promise<number>;
  disabled?: boolean;
}

/** "Get code", then a countdown of the server's resendAfter seconds before it can be pressed again. */
export function SmsCodeButton({ onSend, disabled }: Props) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      setLeft(await onSend());
    } catch {
      // The form shows why; the button stays available.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      onClick={() => void send()}
      loading={sending}
      disabled={disabled || left > 0}
      style={{ minWidth: 128 }}
    >
      {left > 0 ? t('login.resendIn', { count: left }) : t('login.getCode')}
    </Button>
  );
}
