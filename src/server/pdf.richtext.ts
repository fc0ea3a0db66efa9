import type { PdfContent } from './pdf.ts';

// Stored rich text in a PDF export (vision board sections, agency columns): paragraphs and
// bullets with bold and italics kept.

type Run = { text: string; bold?: boolean; italics?: boolean };

/** The stored (already sanitized) HTML as pdfmake paragraphs. */
export const richTextBlocks = (html: string): PdfContent[] => {
  const blocks: PdfContent[] = [];
  let runs: Run[] = [];
  let bullet: string | null = null;
  let ordered = 0;
  const marks = { bold: 0, italics: 0 };
  const lists: ('ul' | 'ol')[] = [];
  const flush = () => {
    const text = runs.map((run) => run.text).join('');
    if (text.trim() !== '')
      blocks.push({ text: bullet ? [{ text: bullet }, ...runs] : runs, margin: [bullet ? 10 : 0, 0, 0, 3] });
    runs = [];
    bullet = null;
  };
  // The HTML was sanitized on the way in (only RICH_TEXT_TAGS, no comments): tags and text alternate.
  const tokens = html.match(/<\/?[a-z0-9]+[^>]*>|[^<]+/gi) ?? [];
  for (const token of tokens) {
    const tag = /^<(\/?)([a-z0-9]+)/i.exec(token);
    if (!tag) {
      const text = decode(token);
      if (text) runs.push({ text, ...(marks.bold ? { bold: true } : {}), ...(marks.italics ? { italics: true } : {}) });
      continue;
    }
    const closing = tag[1] === '/';
    const name = tag[2]!.toLowerCase();
    if (name === 'strong' || name === 'b' || /^h[1-6]$/.test(name)) marks.bold += closing ? -1 : 1;
    if (name === 'em' || name === 'i') marks.italics += closing ? -1 : 1;
    if (name === 'ul' || name === 'ol') {
      if (closing) lists.pop();
      else {
        lists.push(name);
        ordered = 0;
      }
    }
    if (name === 'li' && !closing) {
      flush();
      ordered++;
      bullet = lists.at(-1) === 'ol' ? `${ordered}. ` : '• ';
    }
    if (name === 'br') runs.push({ text: '\n' });
    // A list item's paragraph ends with the item, not before it.
    if (closing && (name === 'li' || /^h[1-6]$/.test(name) || name === 'blockquote' || (name === 'p' && !bullet)))
      flush();
  }
  flush();
  return blocks;
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const decode = (text: string) =>
  text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));
