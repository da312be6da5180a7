import { afterAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadMessages } from '../../locales/i18n';
import { networkErrorText, requestErrorText, timeoutText, unreadableText } from './request-messages';

describe('the API client’s own error texts', () => {
  afterAll(() => i18n.changeLanguage('zh-CN'));

  it('speak the user’s language, in sentences rather than the browser’s exception', async () => {
    await initI18n('zh-CN');
    await i18n.changeLanguage('zh-CN');
    expect(requestErrorText()).toBe('请求错误。');
    expect(timeoutText(600000)).toBe('服务器在 600 秒内没有响应，请稍后重试。');
    expect(networkErrorText()).toBe('无法连接服务器，请检查网络连接后重试。');
    expect(unreadableText()).toBe('服务器返回的内容无法读取，请稍后重试。');
    await loadMessages('de');
    await i18n.changeLanguage('de');
    expect(requestErrorText()).toBe('Anfragefehler.');
    expect(networkErrorText()).toMatch(/^Der Server ist nicht erreichbar/);
  });
});
