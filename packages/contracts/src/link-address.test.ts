import { describe, expect, it } from 'vitest';
import { isLinkAddress, isSitePath } from './link-address.js';

describe('isLinkAddress (SPEC 5 "Link check", syntax part)', () => {
  it('accepts absolute http, https and ftp addresses and paths of this site', () => {
    for (const good of [
      'https://example.com/docs?x=1#y',
      'http://93.184.215.14:8080/',
      'ftp://ftp.example.org/pub/',
      'HTTPS://Example.COM/',
      '/swagger',
      '/help/index.html',
    ])
      expect([good, isLinkAddress(good)]).toEqual([good, true]);
  });

  it('refuses other schemes, credentials, relative and protocol-relative addresses, and hidden characters', () => {
    for (const bad of [
      'javascript:alert(1)',
      'javascript://example.com/%0Aalert(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'mailto:a@example.com',
      'http://user:pw@example.com/',
      'https://user@example.com/',
      'example.com',
      'docs/page',
      '//evil.example/',
      '/\\evil.example/',
      'java\tscript:alert(1)',
      ' https://example.com/',
      'https://example.com/\u0085',
      '',
    ])
      expect([bad, isLinkAddress(bad)]).toEqual([bad, false]);
    expect(isSitePath('//evil.example')).toBe(false);
  });
});
