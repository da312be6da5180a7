import { pageHtml, sheetSize, SHEET_CSS, type PrintSheet } from './print-render';
import type { PrintRecord } from './print-values';

const STYLE_ID = 'lintel-print-sheet-css';

/** Settles when a picture has loaded or failed (a failed one is left out of the PDF). */
const loaded = (img: HTMLImageElement) =>
  new Promise<void>((done) => {
    img.addEventListener('load', () => done(), { once: true });
    img.addEventListener('error', () => done(), { once: true });
  });

/**
 * The sheets as a PDF download. Each sheet is rendered in the page (off screen), painted to a
 * canvas by html2canvas and placed as a picture on a jsPDF page of the sheet's size: what the
 * browser shows is what the PDF holds, Chinese and other scripts included, without embedding fonts.
 * Both libraries are loaded on the first download only, so they stay out of the shell's chunk.
 */
export async function downloadPdf(sheet: PrintSheet, records: readonly PrintRecord[], fileName: string) {
  const [{ jsPDF }, { default: html2canvas }] = await Promise.all([import('jspdf'), import('html2canvas')]);
  if (!document.getElementById(STYLE_ID)) {
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = SHEET_CSS;
    document.head.appendChild(style);
  }
  const { width, height } = sheetSize(sheet);
  const orientation = width > height ? 'landscape' : 'portrait';
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  Object.assign(host.style, { position: 'fixed', left: '-100000px', top: '0', pointerEvents: 'none' });
  document.body.appendChild(host);
  try {
    const pdf = new jsPDF({ orientation, unit: 'mm', format: [width, height], compress: true });
    const list = records.length ? records : [{}];
    for (const [index, record] of list.entries()) {
      // Built by the renderer: every value in it is escaped.
      host.innerHTML = pageHtml(sheet, record);
      const page = host.firstElementChild as HTMLElement;
      await Promise.all([...page.querySelectorAll('img')].filter((img) => !img.complete).map(loaded));
      const canvas = await html2canvas(page, {
        scale: 2,
        useCORS: true,
        backgroundColor: '#ffffff',
        logging: false,
      });
      if (index > 0) pdf.addPage([width, height], orientation);
      pdf.addImage(canvas.toDataURL('image/jpeg', 0.92), 'JPEG', 0, 0, width, height);
    }
    pdf.save(fileName.endsWith('.pdf') ? fileName : `${fileName}.pdf`);
  } finally {
    host.remove();
  }
}
