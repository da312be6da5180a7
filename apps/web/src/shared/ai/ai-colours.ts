import { theme } from 'antd';
import { useMemo, type CSSProperties } from 'react';

/**
 * The antd theme's colours as CSS variables (`--ai-*`) for the plain CSS of the AI helpers and
 * pages: antd scopes its own variables to its components, so a plain element would otherwise keep
 * light colours in dark mode.
 */
export function useAiColours(): CSSProperties {
  const { token } = theme.useToken();
  return useMemo(
    () =>
      ({
        '--ai-bg': token.colorBgContainer,
        '--ai-border': token.colorBorder,
        '--ai-border-secondary': token.colorBorderSecondary,
        '--ai-fill-secondary': token.colorFillSecondary,
        '--ai-fill-tertiary': token.colorFillTertiary,
        '--ai-fill-quaternary': token.colorFillQuaternary,
        '--ai-text': token.colorText,
        '--ai-text-secondary': token.colorTextSecondary,
        '--ai-text-quaternary': token.colorTextQuaternary,
        '--ai-link': token.colorLink,
        '--ai-error': token.colorError,
      }) as CSSProperties,
    [token],
  );
}
