import { richTextBlocks } from '../../../server/pdf.richtext.ts';
import { PAGE_POINTS, type PdfContent, renderPdf, workspaceHeading } from '../../../server/pdf.ts';
import { visionMessages } from '../vision.messages.ts';
import type { Section, Template } from '../vision.schemas.ts';

// The vision board as a PDF (portrait, A4 or Letter): the workspace's heading, the template's
// title, then its sections in one or two columns as on the board. Rich text becomes paragraphs
// and bullets with bold and italics kept; live sections list their items as read now.

const MARGIN = 36;

const sectionBlock = (section: Section): PdfContent => ({
  unbreakable: false,
  margin: [0, 0, 0, 12],
  stack: [
    { text: section.title, bold: true, fontSize: 12, color: '#343A40', margin: [0, 0, 0, 4] },
    ...(section.items
      ? section.items.length === 0
        ? [
            {
              text: section.kind === 'quarterlyGoals' ? visionMessages.sectionNoGoals : visionMessages.sectionNoIssues,
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
