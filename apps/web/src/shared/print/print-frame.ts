/**
 * Prints a template document from a hidden frame, so the page itself (menus, toolbars) stays off
 * the paper. The document is static HTML (srcdoc): no script runs inside it, which the product's
 * CSP (script-src 'self') would refuse anyway; the print is started from here once it has loaded
 * (images and all). The frame goes when the print dialog closes.
 */
export function printInFrame(html: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('data-print-frame', '');
  frame.title = 'print';
  frame.tabIndex = -1;
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
    visibility: 'hidden',
  });
  frame.onload = () => {
    const view = frame.contentWindow;
    if (!view) return frame.remove();
    view.addEventListener('afterprint', () => setTimeout(() => frame.remove(), 0));
    view.focus();
    view.print();
  };
  frame.srcdoc = html;
  document.body.appendChild(frame);
  return frame;
}
