import { PAGE_POINTS, type PdfContent, renderPdf, workspaceHeading } from '../../../server/pdf.ts';
import { messages } from '../../../shared/messages.ts';
import type { Section, Template } from '../vision.schemas.ts';

// The vision board as a PDF (portrait, A4 or Letter): the workspace's heading, the template's
// title, then its sections in one or two columns as on the board. Rich text becomes paragraphs
// and bullets with bold and italics kept; live sections list their items as read now.

const MARGIN = 36;

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

const sectionBlock = (section: Section): PdfContent => ({
  unbreakable: false,
  margin: [0, 0, 0, 12],
  stack: [
    { text: section.title, bold: true, fontSize: 12, color: '#343A40', margin: [0, 0, 0, 4] },
    ...(section.items
      ? section.items.length === 0
        ? [
            {
              text: section.kind === 'quarterlyGoals' ? messages.sectionNoGoals : messages.sectionNoIssues,
              italics: true,
              color: '#666666',
            },
          ]
        : section.items.map((item) => ({
            text: [
              { text: `• ${item.title}` },
              {
                text: `  ${[item.statusName, item.owner, item.dueDate].filter(Boolean).join(' · ')}`,
                color: '#666666',
                fontSize: 8,
              },
            ],
            margin: [0, 0, 0, 2],
          }))
      : richTextBlocks(section.description)),
  ],
});

export const visionPdf = (
  workspace: { name: string; iconLogo: string | null },
  template: Template,
  paper: 'A4' | 'LETTER',
): Promise<Buffer> => {
  const width = PAGE_POINTS[paper].width - 2 * MARGIN;
  const blocks = template.sections.map(sectionBlock);
  const body: PdfContent[] =
    template.columns === 2
      ? [
          {
            columnGap: 18,
            columns: [
              { width: '*', stack: blocks.filter((_, index) => index % 2 === 0) },
              { width: '*', stack: blocks.filter((_, index) => index % 2 === 1) },
            ],
          },
        ]
      : blocks;
  return renderPdf({
    pageSize: paper,
    pageOrientation: 'portrait',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    info: { title: `${workspace.name} — ${template.title}` },
    footer: (page, pages) => ({ text: `${page} / ${pages}`, alignment: 'center', fontSize: 8, color: '#888888' }),
    content: [...workspaceHeading(workspace, template.title, width), ...body],
  });
};
