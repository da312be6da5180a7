/**
 * Copy and paste for the page: the asynchronous Clipboard API where the browser grants it (a secure
 * context), else copying through a selected text area with execCommand, which older browsers and
 * plain-http sites still allow. Reading has no such fallback: browsers only paste on a key press.
 */
export async function copyText(text: string): Promise<'clipboard' | 'fallback'> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return 'clipboard';
    } catch {
      // Refused (no permission, not focused): the fallback below may still work.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
  return 'fallback';
}

/** The clipboard's text, or null where the browser does not let the page read it. */
export async function pasteText(): Promise<string | null> {
  if (!navigator.clipboard?.readText) return null;
  try {
    return await navigator.clipboard.readText();
  } catch {
    return null;
  }
}
