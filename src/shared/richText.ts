// What rich text (card descriptions, comments) may hold: the editor's formatting and nothing
// that can run. One list for both sanitizers — sanitize-html on the server before storing,
// DOMPurify in the browser before showing.

export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'a',
  'img',
  'span',
  'mark',
];

/** Attributes kept, by tag. */
export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start'],
};
