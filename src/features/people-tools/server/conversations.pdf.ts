import { PAGE_POINTS, type PdfContent, renderPdf, workspaceHeading } from '../../../server/pdf.ts';
import { fullName } from '../../../shared/person.ts';
import { peopleToolsMessages as m } from '../people-tools.messages.ts';
import type { Conversation, Form } from '../people-tools.schemas.ts';

// A conversation as a PDF (A4 portrait): both sides' forms in two columns, then the summary and
// who acknowledged it. Only what the caller may see is handed in.

const MARGIN = 36;
const yesNo = (value: boolean | null) => (value === null ? '—' : value ? m.yes : m.no);

const side = (title: string, form: Form | null, conversation: Conversation): PdfContent => {
  if (!form)
    return {
      stack: [
        { text: title, bold: true, fontSize: 12 },
        { text: m.waitingForOther, italics: true },
      ],
    };
  const values = conversation.coreValues.map((value) => `${value.title}: ${form.answers.values[value.id] ?? '—'}`);
  const goals = conversation.goals.map(
    (goal) =>
      `${goal.title} (${goal.statusName})${form.answers.goals[goal.id] ? ` — ${form.answers.goals[goal.id]}` : ''}`,
  );
  const heading = (text: string) => ({ text, bold: true, margin: [0, 8, 0, 2], color: '#343A40' });
  return {
    stack: [
      { text: title, bold: true, fontSize: 12, color: '#4263EB' },
      heading(m.whatsWorking),
      { text: form.answers.working || '—' },
      heading(m.whatsNotWorking),
      { text: form.answers.notWorking || '—' },
      heading(m.coreValuesRating),
      ...(values.length ? values.map((text) => ({ text })) : [{ text: '—' }]),
      heading(m.gwc),
      { text: `${m.getsIt}: ${yesNo(form.answers.gwc.getsIt)}` },
      { text: `${m.wantsIt}: ${yesNo(form.answers.gwc.wantsIt)}` },
      { text: `${m.capacity}: ${yesNo(form.answers.gwc.capacity)}` },
      heading(m.quarterGoals),
      ...(goals.length ? goals.map((text) => ({ text })) : [{ text: m.goalsNone }]),
    ],
  };
};

export const conversationPdf = (workspace: { name: string; iconLogo: string | null }, c: Conversation) => {
  const title = m.conversationTitle(c.kind === 'annual' ? m.annual : m.quarterly, c.period);
  const width = PAGE_POINTS.A4.width - 2 * MARGIN;
  const ack = (who: string, at: string | null) =>
    at ? m.acknowledgedBy(`${who} (${at.slice(0, 10)})`) : `${who}: ${m.notAcknowledged}`;
  return renderPdf({
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    info: { title: `${workspace.name} — ${title}` },
    footer: (page, pages) => ({ text: `${page} / ${pages}`, alignment: 'center', fontSize: 8, color: '#888888' }),
    content: [
      ...workspaceHeading(workspace, title, width),
      { text: `${fullName(c.manager)} · ${fullName(c.report)} · ${c.heldOn}`, margin: [0, 0, 0, 12], color: '#666666' },
      {
        columnGap: 18,
        columns: [
          { width: '*', stack: [side(`${m.managerSide}: ${fullName(c.manager)}`, c.managerForm, c)] },
          { width: '*', stack: [side(`${m.reportSide}: ${fullName(c.report)}`, c.reportForm, c)] },
        ],
      },
      { text: m.summary, bold: true, fontSize: 12, margin: [0, 16, 0, 4] },
      { text: c.summary || '—' },
      { text: ack(fullName(c.manager), c.managerAckAt), margin: [0, 8, 0, 0], fontSize: 9 },
      { text: ack(fullName(c.report), c.reportAckAt), fontSize: 9 },
    ],
  });
};
