import qrcode from 'qrcode-generator';

/**
 * A QR code as an SVG data: URL, drawn on the server so the sign-in page carries no QR library.
 * One path of unit squares on a white quiet zone of four modules (what scanners expect); error
 * correction M survives a phone camera's glare and moiré on a screen.
 */
export function qrSvgDataUrl(text: string): string {
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const count = code.getModuleCount();
  const quiet = 4;
  const size = count + quiet * 2;
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!code.isDark(row, col)) continue;
      // Runs of dark modules on a row become one rectangle: a third of the squares' size.
      let end = col;
      while (end + 1 < count && code.isDark(row, end + 1)) end++;
      path += `M${col + quiet} ${row + quiet}h${end - col + 1}v1h-${end - col + 1}z`;
      col = end;
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
