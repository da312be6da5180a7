import type { BrowserContext } from 'playwright-core';

/** Chromium's console line for anything the Content-Security-Policy blocked. */
const REFUSED = /Content Security Policy|Refused to (?:load|execute|apply|connect|frame|run|evaluate)/i;

/**
 * Records every Content-Security-Policy violation in every page and frame of a browser context:
 * the `securitypolicyviolation` events (reported through a binding, since the page's own policy
 * forbids any reporting script of ours that is not a file of the server: Playwright's init scripts
 * and bindings are injected by the DevTools protocol, outside the policy) and the "Refused to ..."
 * console lines. The returned list grows as violations happen; a test asserts it is empty.
 */
export async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__lintelCspViolation', ({ frame }, text: string) => {
    violations.push(`${frame.url()}: ${text}`);
  });
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (e) => {
    window.__lintelCspViolation(e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') +
      ' (' + (e.sourceFile || e.documentURI) + ':' + e.lineNumber + ')');
  }, true);`);
  context.on('console', (message) => {
    if (REFUSED.test(message.text())) violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
  return violations;
}
