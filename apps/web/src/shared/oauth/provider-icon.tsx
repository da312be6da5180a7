import {
  AlipayCircleOutlined,
  AppleOutlined,
  DingtalkOutlined,
  GithubOutlined,
  GitlabOutlined,
  GoogleOutlined,
  KeyOutlined,
  QqOutlined,
  WechatOutlined,
  WechatWorkOutlined,
  WindowsOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';

/**
 * Brand icons a provider may name (antd icon names). A fixed map keeps this chunk small; any other
 * name shows the provider's initial instead.
 */
export const PROVIDER_ICONS: Record<string, ComponentType> = {
  AlipayCircleOutlined,
  AppleOutlined,
  DingtalkOutlined,
  GithubOutlined,
  GitlabOutlined,
  GoogleOutlined,
  KeyOutlined,
  QqOutlined,
  WechatOutlined,
  WechatWorkOutlined,
  WindowsOutlined,
};

export function ProviderIcon({ icon, name }: { icon: string | null; name: string }) {
  const Icon = icon ? PROVIDER_ICONS[icon] : undefined;
  if (Icon) return <Icon />;
  return <span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>;
}

const badge = (size: number): CSSProperties => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: size,
  height: size,
  border: '1px solid #d9d9d9',
  borderRadius: '50%',
  fontSize: Math.round(size / 2),
  fontWeight: 600,
});

/** The provider's icon in a round outline, as the administration page and personal centre show it. */
export function ProviderBadge({
  icon,
  name,
  size = 40,
}: {
  icon: string | null;
  name: string;
  size?: number;
}) {
  return (
    <span style={badge(size)}>
      <ProviderIcon icon={icon} name={name} />
    </span>
  );
}
