import { richTextBlocks } from '../../../server/pdf.richtext.ts';
import { PAGE_POINTS, type PdfContent, renderPdf, workspaceHeading } from '../../../server/pdf.ts';
import { agencyMessages } from '../agency.messages.ts';
import type { AgencyColumn, AgencyItem } from '../agency.schemas.ts';

// A framework as a PDF (landscape, A4 or Letter): the workspace's heading, the framework's
// title, description and recap, then its columns in reading order — each with its guidance and
// every question with the workspace's answers. A column that follows another says so.

const MARGIN = 32;

const PALETTE: Record<string, string> = {
  blue: '#1C7ED6',
  indigo: '#4263EB',
  violet: '#7048E8',
  grape: '#AE3EC9',
  pink: '#D6336C',
  red: '#E03131',
  orange: '#E8590C',
  yellow: '#F08C00',
  lime: '#66A80F',
  green: '#2F9E44',
  teal: '#0C8599',
  cyan: '#1098AD',
  gray: '#495057',
};

const columnBlock = (column: AgencyColumn, titles: Map<string, string>, width: number): PdfContent => ({
  margin: [0, 0, 0, 10],
  unbreakable: false,
  stack: [
    {
      canvas: [{ type: 'rect', x: 0, y: 0, w: width, h: 3, color: PALETTE[column.color] ?? PALETTE.gray }],
    },
    { text: column.title, bold: true, fontSize: 12, color: '#212529', margin: [0, 4, 0, 0] },
    ...(column.subtitle ? [{ text: column.subtitle, color: '#666666', margin: [0, 0, 0, 2] }] : []),
    ...(column.parentId
      ? [{ text: agencyMessages.agencyFollows(titles.get(column.parentId) ?? ''), fontSize: 8, color: '#888888' }]
      : []),
    ...richTextBlocks(column.description),
    ...column.questions.map((question) => {
      const answers = question.answers.filter((answer) => answer.answer.trim() !== '');
      return {
        margin: [0, 4, 0, 0],
        stack: [
          { text: question.question, bold: true, margin: [0, 0, 0, 2] },
          ...(answers.length === 0
            ? [{ text: '—', color: '#999999' }]
            : answers.map((answer) => ({
                text: answers.length > 1 ? `• ${answer.answer}` : answer.answer,
                margin: [answers.length > 1 ? 6 : 0, 0, 0, 2],
              }))),
        ],
      };
    }),
  ],
});

export const agencyPdf = (
  workspace: { name: string; iconLogo: string | null },
  item: AgencyItem,
  paper: 'A4' | 'LETTER',
): Promise<Buffer> => {
  // Landscape: the page's long side across.
  const width = PAGE_POINTS[paper].height - 2 * MARGIN;
  const columnWidth = (width - 18) / 2;
  const titles = new Map(item.columns.map((column) => [column.id, column.title]));
  const blocks = item.columns.map((column) => columnBlock(column, titles, columnWidth));
  return renderPdf({
    pageSize: paper,
    pageOrientation: 'landscape',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    info: { title: `${workspace.name} — ${item.title}` },
    footer: (page, pages) => ({ text: `${page} / ${pages}`, alignment: 'center', fontSize: 8, color: '#888888' }),
    content: [
      ...workspaceHeading(workspace, item.title, width),
      { text: item.category.title, color: '#666666', margin: [0, 0, 0, 2] },
      ...(item.description ? [{ text: item.description, margin: [0, 0, 0, 4] }] : []),
      ...(item.recap ? [{ text: item.recap, italics: true, color: '#555555', margin: [0, 0, 0, 4] }] : []),
      ...(item.url ? [{ text: item.url, link: item.url, color: '#1971c2', fontSize: 9, margin: [0, 0, 0, 4] }] : []),
      { text: '', margin: [0, 0, 0, 4] },
      {
        columnGap: 18,
        columns: [
          { width: '*', stack: blocks.filter((_, index) => index % 2 === 0) },
          { width: '*', stack: blocks.filter((_, index) => index % 2 === 1) },
        ],
      },
    ],
  });
};
