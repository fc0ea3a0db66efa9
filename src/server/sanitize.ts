import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '../shared/richText.ts';

// The one place where text from people is made safe before it is stored (ARCHITECTURE.md,
// "Security"). Rich text keeps the editor's formatting and nothing that can run: no script or
// style, no event handlers, no javascript:/data: links. Plain text keeps no markup at all.

const RICH: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: RICH_TEXT_ATTRIBUTES,
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links open in a new tab without handing the opener over.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.href ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {}) },
    }),
  },
};

/** Sanitized HTML of a rich-text field (card descriptions, activity comments); null stays null. */
export const sanitizeRichText = <T extends string | null | undefined>(html: T): T =>
  (typeof html === 'string' ? sanitizeHtml(html, RICH).trim() : html) as T;

const PLAIN: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * A plain-text field (titles, names): markup is removed and the text kept as typed ("Q&A",
 * "a < b"). Removal repeats until nothing changes, so escaped markup cannot come back as tags.
 */
export const sanitizePlainText = <T extends string | null | undefined>(text: T): T => {
  if (typeof text !== 'string') return text;
  let current: string = text;
  for (let round = 0; round < 5; round++) {
    const next = decode(sanitizeHtml(current, PLAIN));
    if (next === current) break;
    current = next;
  }
  // Whatever still looks like the start of a tag loses its '<'.
  return current.replace(/<(?=[a-zA-Z!/?])/g, '').trim() as T;
};
