import { useEffect } from 'react';
import { watermarkTile } from './watermark-tile';

export const WATERMARK_ID = 'lintel-watermark';

/** The overlay's fixed style: over everything, never catching a click. */
const OVERLAY_STYLE = [
  'position:fixed',
  'inset:0',
  'z-index:2147483000',
  'pointer-events:none',
  'background-repeat:repeat',
].join(';');

function paint(node: HTMLDivElement, tile: string) {
  node.id = WATERMARK_ID;
  node.setAttribute('aria-hidden', 'true');
  node.setAttribute('style', `${OVERLAY_STYLE};background-image:url("${tile}")`);
}

/**
 * A page-wide watermark while mounted. It resists tampering: if its node is removed or its style
 * changed (for a screenshot without it), an observer puts it back at once. Unmounting removes it for good.
 */
export function Watermark({ text }: { text: string }) {
  useEffect(() => {
    const tile = watermarkTile(text);
    const node = document.createElement('div');
    paint(node, tile);
    document.body.appendChild(node);

    const observer = new MutationObserver(() => {
      if (!node.isConnected) document.body.appendChild(node);
      if (!node.getAttribute('style')?.includes(tile) || node.id !== WATERMARK_ID) paint(node, tile);
      if (node.hidden) node.hidden = false;
    });
    observer.observe(document.body, { childList: true });
    observer.observe(node, { attributes: true });
    return () => {
      observer.disconnect();
      node.remove();
    };
  }, [text]);
  return null;
}
