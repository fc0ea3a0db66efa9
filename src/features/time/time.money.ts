import {
  FEE_BUDGET_TYPES,
  type ProjectBudgetType,
  type ProjectRateMode,
  type ProjectType,
} from '../../shared/constants.ts';

// Money and durations of time tracking, shared by server and client (decision 048). Amounts are
// integer cents, durations whole minutes; nothing here uses floating point for an amount.

/** "100", "100.5", "100.55" → cents; null when it is not a non-negative amount with ≤ 2 decimals. */
export const parseMoney = (text: string): number | null => {
  const match = /^\s*(\d{1,10})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

/** Cents as SQL numeric text ("1234.05"). */
export const moneyText = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** Cents for display: "1,234.05". */
export const formatMoney = (cents: number) => {
  const [whole, part] = moneyText(cents).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${part}`;
};

/** Minutes as hours:minutes (document 3 §9): 90 → "1:30". */
export const formatMinutes = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '';
  const abs = Math.abs(minutes);
  return `${sign}${Math.trunc(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
};

/**
 * A duration the ways people type it: "1:30", "1.5" or "1,5" (hours), "90m", "2h", "1h 30m".
 * A bare number is hours, as in Harvest and Kimai. Null when it is none of these.
 */
export const parseDuration = (input: string): number | null => {
  const text = input.trim().toLowerCase();
  let match = /^(\d{1,3}):([0-5]?\d)$/.exec(text);
  if (match) return Number(match[1]) * 60 + Number(match[2]);
  match = /^(\d{1,5})\s*m(in)?$/.exec(text);
  if (match) return Number(match[1]);
  match = /^(?:(\d{1,3})\s*h)?\s*(?:(\d{1,4})\s*m(in)?)?$/.exec(text);
  if (match && (match[1] || match[2])) return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
  match = /^(\d{1,3})(?:[.,](\d{1,4}))?\s*h?$/.exec(text);
  if (match) {
    const fraction = match[2] ?? '';
    const scale = 10 ** fraction.length;
    // Integer arithmetic: whole hours plus the fraction's minutes, rounded half up.
    return Number(match[1]) * 60 + Math.floor((Number(fraction || '0') * 60 * 2 + scale) / (2 * scale));
  }
  return null;
};

/** `minutes` at `rateCents` an hour, in cents, rounded half up once. */
export const timeValue = (minutes: number, rateCents: number) => Math.floor((minutes * rateCents * 2 + 60) / 120);

/** What a project's settings need for its report. Money in cents, hours in minutes. */
export interface BudgetSettings {
  type: ProjectType;
  hourlyRate: ProjectRateMode;
  budgetType: ProjectBudgetType;
  totalProjectFee: number;
  totalProjectMinutes: number;
  fixedFee: number;
  /** Sums over the project's tasks and team members. */
  taskBudget: number;
  taskMinutes: number;
  memberMinutes: number;
}

/** The time logged in the budget period: minutes, and the value (cents) at the rates it was logged with. */
export interface LoggedFigures {
  minutes: number;
  billableMinutes: number;
  /** All time at its rates: Σ minutes × rate / 60, rounded once. */
  value: number;
  /** Billable time at its rates. */
  billableValue: number;
}

export interface BudgetFigures {
  /** 'hours': budget, spent and remaining are minutes; 'money': cents. */
  unit: 'hours' | 'money';
  budget: number | null;
  spent: number;
  remaining: number | null;
  /** Whole percent of the budget left (may be negative), null without a budget. */
  remainingPercent: number | null;
  /** Whole percent used (floor), null without a budget. */
  usedPercent: number | null;
  /** The value of all time logged at the rates in force when it was logged. */
  cost: number;
  /** What the client is charged: billable value (time), the fixed fee (fixed_fee), 0 (non_billable). */
  revenue: number;
}

/** The budget of a project, by budget type (docs/time-budgets.md, first table). */
export const budgetOf = (s: BudgetSettings): number | null => {
  switch (s.budgetType) {
    case 'no_budget':
      return null;
    case 'total_project_hours':
      return s.totalProjectMinutes;
    case 'hours_per_task':
      return s.taskMinutes;
    case 'hours_per_person':
      return s.memberMinutes;
    case 'total_project_fees':
      return s.totalProjectFee;
    case 'fees_per_task':
      return s.taskBudget;
  }
};

/** The project report's figures (docs/time-budgets.md, second table). */
export const budgetFigures = (s: BudgetSettings, logged: LoggedFigures): BudgetFigures => {
  const money = FEE_BUDGET_TYPES.includes(s.budgetType);
  const budget = budgetOf(s);
  // A fixed fee is used up by all the effort; a time project's fee budget by its billable time.
  const spent = money ? (s.type === 'time' ? logged.billableValue : logged.value) : logged.minutes;
  const remaining = budget === null ? null : budget - spent;
  const percent = (part: number) => (budget ? Math.floor((part * 100) / budget) : part > 0 ? 100 : 0);
  return {
    unit: money ? 'money' : 'hours',
    budget,
    spent,
    remaining,
    remainingPercent: remaining === null ? null : budget ? Math.trunc((remaining * 100) / budget) : 0,
    usedPercent: budget === null ? null : percent(spent),
    cost: logged.value,
    revenue: s.type === 'time' ? logged.billableValue : s.type === 'fixed_fee' ? s.fixedFee : 0,
  };
};

/** Whether time on a task of a project of this type is billable. */
export const isBillable = (type: ProjectType, taskBillable: boolean) => type !== 'non_billable' && taskBillable;
