import { afterAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadMessages } from '../../locales/i18n';
import { networkErrorText, requestErrorText, timeoutText } from './request-messages';

describe('the API client’s own error texts', () => {
  afterAll(() => i18n.changeLanguage('zh-CN'));

  it('speak the user’s language', async () => {
    await initI18n('zh-CN');
    await i18n.changeLanguage('zh-CN');
    expect(requestErrorText()).toBe('请求错误。');
    expect(timeoutText(600000)).toBe('请求超时（600000 毫秒）。');
    expect(networkErrorText('TypeError: Failed to fetch')).toBe('网络错误：TypeError: Failed to fetch');
    await loadMessages('de');
    await i18n.changeLanguage('de');
    expect(requestErrorText()).toBe('Anfragefehler.');
  });
});
