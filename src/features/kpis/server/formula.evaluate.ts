import { isKpiDecimal } from '../../../shared/kpis.ts';
import type { FormulaReason } from '../kpis.schemas.ts';
import type { FormulaNode } from './formula.parse.ts';

// Evaluates the scorecard's formulas over a timeline of periods (the columns shown plus the
// ones before them that windows reach). An empty input, a division by zero or a deleted input
// gives no value but a reason, never 0 (docs/decisions/105). Pure: the service loads the values.

export type Computed = { value: number; reason: null } | { value: null; reason: FormulaReason };

export interface FormulaSheet {
  /** Entered scores' values, one per timeline column (null: nothing entered). */
  entered: ReadonlyMap<string, readonly (number | null)[]>;
  /** The scorecard's formula scores. */
  formulas: ReadonlyMap<string, FormulaNode>;
  columns: number;
}

const missing = (reason: FormulaReason): Computed => ({ value: null, reason });
const ok = (value: number): Computed =>
  Number.isFinite(value) ? { value, reason: null } : { value: null, reason: 'outOfRange' };

/** Every formula's value in every column; formulas reading formulas are evaluated first. */
export const computeFormulas = (sheet: FormulaSheet): Map<string, Computed[]> => {
  const done = new Map<string, Computed[]>();
  const busy = new Set<string>();

  const series = (id: string): readonly (Computed | number | null)[] | undefined => {
    const entered = sheet.entered.get(id);
    if (entered) return entered;
    const node = sheet.formulas.get(id);
    if (!node) return undefined;
    const known = done.get(id);
    if (known) return known;
    // Saved formulas never form a cycle (they are refused); should one slip in, its cells are empty.
    if (busy.has(id)) return new Array<Computed>(sheet.columns).fill(missing('missingInput'));
    busy.add(id);
    const values: Computed[] = [];
    for (let column = 0; column < sheet.columns; column++) values.push(evaluate(node, column));
    busy.delete(id);
    done.set(id, values);
    return values;
  };

  const at = (id: string, column: number): Computed => {
    const values = series(id);
    if (!values) return missing('deletedInput');
    const value = values[column] ?? null;
    if (value === null) return missing('missingInput');
    return typeof value === 'number' ? ok(value) : value;
  };

  const evaluate = (node: FormulaNode, column: number): Computed => {
    switch (node.kind) {
      case 'number':
        return ok(node.value);
      case 'ref':
        return at(node.id, column);
      case 'negate': {
        const inner = evaluate(node.argument, column);
        return inner.reason === null ? ok(-inner.value) : inner;
      }
      case 'binary': {
        const left = evaluate(node.left, column);
        if (left.reason !== null) return left;
        const right = evaluate(node.right, column);
        if (right.reason !== null) return right;
        if (node.operator === '+') return ok(left.value + right.value);
        if (node.operator === '-') return ok(left.value - right.value);
        if (node.operator === '*') return ok(left.value * right.value);
        return right.value === 0 ? missing('divisionByZero') : ok(left.value / right.value);
      }
      case 'window': {
        if (!series(node.id)) return missing('deletedInput');
        // Empty periods in the window count for nothing; a window with no value at all is empty.
        const values: number[] = [];
        for (let c = Math.max(0, column - node.periods + 1); c <= column; c++) {
          const value = at(node.id, c);
          if (value.reason === null) values.push(value.value);
        }
        if (values.length === 0) return missing('missingInput');
        if (node.fn === 'min') return ok(Math.min(...values));
        if (node.fn === 'max') return ok(Math.max(...values));
        const sum = values.reduce((total, value) => total + value, 0);
        return ok(node.fn === 'sum' ? sum : sum / values.length);
      }
    }
  };

  for (const id of sheet.formulas.keys()) series(id);
  return done;
};

/** A computed value as a cell holds it (a decimal text, six decimals at most), or its reason. */
export const computedText = (computed: Computed): { measured: string | null; reason: FormulaReason | null } => {
  if (computed.reason !== null) return { measured: null, reason: computed.reason };
  const rounded = Number(computed.value.toFixed(6));
  const text = Object.is(rounded, -0) ? '0' : String(rounded);
  return isKpiDecimal(text) ? { measured: text, reason: null } : { measured: null, reason: 'outOfRange' };
};
