import type { AgencyColor, AgencyIcon } from '../../../shared/constants.ts';

// The shape of the shipped content; agency.sync.ts writes it to the agency tables.

export interface ShippedQuestion {
  key: string;
  question: string;
  /** The most characters an answer may have (500 by default). */
  maxLength?: number;
  /** How many answers it takes (1 by default). */
  numOfAnswers?: number;
  /** Answers are added one by one up to numOfAnswers (Add answer); otherwise all slots show. */
  addAnswer?: boolean;
}

export interface ShippedColumn {
  key: string;
  title: string;
  subtitle?: string;
  image?: AgencyIcon;
  color: AgencyColor;
  /** 'noneditable': a column of guidance; its answers cannot be changed. */
  columnType?: 'editable' | 'noneditable';
  /** Rich text (sanitized like any other). */
  description?: string;
  /** The key of the column (in the same item) this one follows: an arrow leads to it. */
  parentKey?: string;
  questions: ShippedQuestion[];
}

export interface ShippedItem {
  key: string;
  title: string;
  description: string;
  recap?: string;
  url?: string;
  isDefault?: boolean;
  columns: ShippedColumn[];
}

export interface ShippedCategory {
  key: string;
  title: string;
  description: string;
  avatar: AgencyIcon;
  color: AgencyColor;
  buttonTitle: string;
  items: ShippedItem[];
}

export interface ShippedContent {
  version: number;
  categories: ShippedCategory[];
}
