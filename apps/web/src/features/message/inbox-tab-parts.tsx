import { Badge } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ReadFilter = 'all' | 'unread' | 'read';
export const readStatusOf = (f: ReadFilter) => (f === 'all' ? undefined : f === 'unread' ? 0 : 1);

export function ReadTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return status === 0 ? (
    <Badge status="processing" text={t('message.unread')} />
  ) : (
    <Badge status="default" text={t('message.read')} />
  );
}

export interface InboxTabProps {
  read: ReadFilter;
  /** The item the bell named (?id=), opened once it is there. */
  openId: string | null;
  /** Its dialog closed: the address forgets the item. */
  onClosed(): void;
}

/**
 * The item a tab shows in its dialog: one the user clicked, or the one the bell named (`?id=`) until
 * its dialog is closed once (the address may still name it while the page forgets it).
 */
export function useOpenedItem<T>(openId: string | null, onClosed: () => void) {
  const [picked, setPicked] = useState<T | null>(null);
  const [closedId, setClosedId] = useState<string | null>(null);
  const linkedId = openId && openId !== closedId ? openId : null;
  const close = () => {
    setPicked(null);
    setClosedId(openId);
    onClosed();
  };
  return { picked, setPicked, linkedId, close };
}
