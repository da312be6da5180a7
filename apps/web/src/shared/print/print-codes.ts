import JsBarcode from 'jsbarcode';
import qrcode from 'qrcode-generator';

/**
 * Barcodes and QR codes as SVG markup, so that they print sharp and need no script in the print
 * frame. A value the symbology cannot encode gives no picture rather than an error.
 */

/** CODE128 of the value, stretched to its box by the renderer. */
export function barcodeSvg(value: string, showText: boolean): string {
  if (!value) return '';
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  try {
    JsBarcode(svg, value, { format: 'CODE128', displayValue: showText, margin: 0, height: 60, fontSize: 14 });
  } catch {
    return '';
  }
  // Scales with its box: the renderer gives it the element's width and height.
  const width = svg.getAttribute('width');
  const height = svg.getAttribute('height');
  if (width && height) svg.setAttribute('viewBox', `0 0 ${parseFloat(width)} ${parseFloat(height)}`);
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', '100%');
  svg.setAttribute('preserveAspectRatio', 'none');
  return svg.outerHTML;
}

/**
 * A QR code of the value. qrcode-generator reads each character as one byte, so the text goes in
 * as its UTF-8 bytes (Chinese and other non-Latin text scan as what was written).
 */
export function qrSvg(value: string): string {
  if (!value) return '';
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  try {
    const qr = qrcode(0, 'M');
    qr.addData(binary, 'Byte');
    qr.make();
    return qr.createSvgTag({ cellSize: 4, margin: 0, scalable: true });
  } catch {
    return '';
  }
}
