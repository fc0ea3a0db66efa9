import type { z } from 'zod';
import { badRequest } from '../../../shared/errors.ts';

// A board as another tool's export gives it, read into one shape (decision 121): Trello's and
// Planka's readers (trello-board.ts, planka-board.ts) both produce it, and one planner
// (board-plan.ts) turns it into a Cadence board. People are named as the file names them:
// Trello gives full names (its exports carry no emails), Planka gives emails.

/** Cards read from one board at most (Trello's own limit on open cards is 5,000). */
export const BOARD_CARDS_MAX = 5000;
/** Checklist items of one card, and comments of one card, at most. */
export const CARD_PARTS_MAX = 500;

export interface SourceChecklist {
  title: string;
  items: { title: string; done: boolean }[];
}

export interface SourceComment {
  author: string;
  /** When it was written, as an ISO date (YYYY-MM-DD), or '' when the file has none. */
  date: string;
  text: string;
}

export interface SourceCard {
  /** Its place among the file's cards (1 for the first): the row errors name. */
  row: number;
  title: string;
  description: string;
  listKey: string;
  labelKeys: string[];
  /** The due date as the file gives it (an ISO date or timestamp), or null. */
  due: string | null;
  done: boolean;
  archived: boolean;
  /** Its members, as the file names them (full name or email). */
  people: string[];
  checklists: SourceChecklist[];
  comments: SourceComment[];
}

export interface SourceBoard {
  name: string;
  lists: { key: string; name: string; archived: boolean }[];
  labels: { key: string; name: string; color: string }[];
  cards: SourceCard[];
}

/** The first problem zod found, as "cards.3.name: expected string" for the refusal's message. */
export const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  if (!issue) return 'unknown';
  const at = issue.path.map(String).join('.');
  return at ? `${at}: ${issue.message}` : issue.message;
};

export const exportError = (message: string) => badRequest({ file: message }, message);

/** Plain text (Trello's Markdown, Planka's) as the rich text of a description or comment: escaped paragraphs. */
export const textAsHtml = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p>${paragraph
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;')
          .replace(/\r?\n/g, '<br>')}</p>`,
    )
    .join('');

/** Label colours by the words other tools name them with; anything else gets Cadence's default grey. */
const COLOURS: [word: string, hex: string][] = [
  ['green', '#4BCE97'],
  ['moss', '#4BCE97'],
  ['grass', '#4BCE97'],
  ['lime', '#94C748'],
  ['yellow', '#F5CD47'],
  ['sand', '#F5CD47'],
  ['orange', '#FEA362'],
  ['apricot', '#FEA362'],
  ['red', '#F87168'],
  ['berry', '#F87168'],
  ['burgundy', '#C9372C'],
  ['purple', '#9F8FEF'],
  ['pink', '#E774BB'],
  ['tulip', '#E774BB'],
  ['sky', '#6CC3E0'],
  ['blue', '#579DFF'],
  ['black', '#8590A2'],
  ['granite', '#8590A2'],
  ['metal', '#8590A2'],
];
export const DEFAULT_IMPORTED_LABEL = '#C2CDD8';

export const labelColour = (name: string | null | undefined) => {
  if (!name) return DEFAULT_IMPORTED_LABEL;
  const lower = name.toLowerCase();
  return COLOURS.find(([word]) => lower.includes(word))?.[1] ?? DEFAULT_IMPORTED_LABEL;
};
