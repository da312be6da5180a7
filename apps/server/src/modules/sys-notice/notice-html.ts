import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

// Loaded at the first notice, not at start-up (it brings a CSS and an HTML parser: ~70 modules).
let sanitizer: typeof sanitizeHtml | undefined;
const sanitize = (html: string, options: sanitizeHtml.IOptions) =>
  (sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml)(html, options);

/**
 * The allow list of notice content: what the editor produces (headings, paragraphs, marks, lists,
 * quotes, code, links, images, tables) and nothing that runs: no script, style, iframe, form or event
 * attribute. Links take http(s), mailto and tel; images take http(s) or inline raster data (no SVG,
 * which can carry script). Links open in a new page without handing it the opener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'mark',
    'small',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    code: ['class'],
    '*': ['style'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    (frame.attribs.src ?? '').toLowerCase().startsWith('data:') &&
    !/^data:image\/(png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]+$/i.test(frame.attribs.src ?? ''),
};

/** The notice's HTML with everything outside the allow list removed. */
export function sanitizeNoticeHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

/** The text a person reads (for required-content checks): tags and whitespace-only content count as empty. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').length > 0;
}
