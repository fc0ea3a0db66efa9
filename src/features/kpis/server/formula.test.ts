import { describe, expect, it } from 'vitest';
import { kpisMessages } from '../kpis.messages.ts';
import { type Computed, computedText, computeFormulas } from './formula.evaluate.ts';
import { type FormulaNode, formulaInputs, formulaReach, parseFormula } from './formula.parse.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const GONE = '00000000-0000-4000-8000-0000000000ff';

/** Evaluates one formula over entered series (one value per period). */
const run = (text: string, entered: Record<string, (number | null)[]>, extra: Record<string, string> = {}) => {
  const columns = Math.max(...Object.values(entered).map((values) => values.length));
  const formulas = new Map<string, FormulaNode>([['f', parseFormula(text)]]);
  for (const [id, formula] of Object.entries(extra)) formulas.set(id, parseFormula(formula));
  return computeFormulas({ entered: new Map(Object.entries(entered)), formulas, columns }).get('f')!;
};
const values = (cells: Computed[]) => cells.map((cell) => cell.value);
const reasons = (cells: Computed[]) => cells.map((cell) => cell.reason);

describe('parsing formulas', () => {
  it('keeps the usual precedence and parentheses', () => {
    expect(values(run(`{${A}} + {${B}} * 2`, { [A]: [1], [B]: [3] }))).toEqual([7]);
    expect(values(run(`({${A}} + {${B}}) * 2`, { [A]: [1], [B]: [3] }))).toEqual([8]);
    expect(values(run(`{${A}} - {${B}} - 1`, { [A]: [10], [B]: [3] }))).toEqual([6]);
    expect(values(run(`{${A}} / {${B}} / 2`, { [A]: [12], [B]: [3] }))).toEqual([2]);
    expect(values(run(`-{${A}} + 100 / 4`, { [A]: [5] }))).toEqual([20]);
  });

  it('reads ×, ÷ and − as the operators people type them', () => {
    expect(values(run(`{${A}} × 3 ÷ {${B}} − 1`, { [A]: [4], [B]: [2] }))).toEqual([5]);
  });

  it('lists the inputs and how far back each is read', () => {
    const node = parseFormula(`sum({${A}}, 4) / {${B}} + avg({${A}}, 13)`);
    expect([...formulaInputs(node)].sort()).toEqual([A, B]);
    expect(Object.fromEntries(formulaReach(node))).toEqual({ [A]: 12, [B]: 0 });
  });

  it('refuses what is not arithmetic over measurables, with a reason', () => {
    const refused = (text: string) => {
      try {
        parseFormula(text);
        return 'parsed';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused('')).toBe(kpisMessages.kpiFormulaEmpty);
    expect(refused(`{${A}} +`)).toMatch(/cannot be read/);
    expect(refused('1 + 2')).toBe(kpisMessages.kpiFormulaNoInput);
    expect(refused(`{${A}} ** 2`)).toMatch(/cannot be read|Only numbers/);
    expect(refused(`{${A}} == 2`)).toBe(kpisMessages.kpiFormulaNotAllowed);
    expect(refused(`{${A}} ? 1 : 2`)).toBe(kpisMessages.kpiFormulaNotAllowed);
    expect(refused(`"text" + {${A}}`)).toBe(kpisMessages.kpiFormulaNotAllowed);
    expect(refused(`process.exit({${A}})`)).toBe(kpisMessages.kpiFormulaNotAllowed);
    expect(refused(`constructor + {${A}}`)).toBe(kpisMessages.kpiFormulaUnknownName);
    expect(refused('ref_0 + 1')).toBe(kpisMessages.kpiFormulaUnknownName);
    expect(refused(`sum({${A}})`)).toBe(kpisMessages.kpiFormulaWindow('sum'));
    expect(refused(`sum({${A}}, 0)`)).toBe(kpisMessages.kpiFormulaWindow('sum'));
    expect(refused(`sum({${A}}, 53)`)).toBe(kpisMessages.kpiFormulaWindow('sum'));
    expect(refused(`avg({${A}}, 2.5)`)).toBe(kpisMessages.kpiFormulaWindow('avg'));
    expect(refused(`max(3, {${A}})`)).toBe(kpisMessages.kpiFormulaWindow('max'));
    expect(refused(`${'-('.repeat(120)}{${A}}${')'.repeat(120)}`)).toBe(kpisMessages.kpiFormulaTooDeep);
    expect(refused(Array(60).fill(`{${A}}`).join(' + '))).toBe('parsed');
  });
});

describe('evaluating formulas', () => {
  it('computes sum, avg, min and max over a measurable’s last N periods, skipping empty ones', () => {
    const series = { [A]: [2, 4, null, 6, 8] };
    expect(values(run(`sum({${A}}, 3)`, series))).toEqual([2, 6, 6, 10, 14]);
    expect(values(run(`avg({${A}}, 2)`, series))).toEqual([2, 3, 4, 6, 7]);
    expect(values(run(`min({${A}}, 4)`, series))).toEqual([2, 2, 2, 2, 4]);
    expect(values(run(`max({${A}}, 2)`, series))).toEqual([2, 4, 4, 6, 8]);
    expect(reasons(run(`sum({${A}}, 1)`, series))[2]).toBe('missingInput');
  });

  it('gives no value but a reason for a division by zero, an empty input or a deleted one — never 0', () => {
    const cells = run(`{${A}} / {${B}}`, { [A]: [10, 10, null], [B]: [0, 4, 2] });
    expect(cells).toEqual([
      { value: null, reason: 'divisionByZero' },
      { value: 2.5, reason: null },
      { value: null, reason: 'missingInput' },
    ]);
    expect(run(`{${A}} + {${GONE}}`, { [A]: [1] })).toEqual([{ value: null, reason: 'deletedInput' }]);
    expect(run(`sum({${GONE}}, 4)`, { [A]: [1] })).toEqual([{ value: null, reason: 'deletedInput' }]);
  });

  it('evaluates formulas that read other formulas, in any order', () => {
    const cells = run(`{${C}} * 2`, { [A]: [1, 2], [B]: [10, 20] }, { [C]: `{${A}} + {${B}}` });
    expect(values(cells)).toEqual([22, 44]);
    const windowed = run(`sum({${C}}, 2)`, { [A]: [1, 2], [B]: [10, null] }, { [C]: `{${A}} + {${B}}` });
    // The second period of C has no value (B is empty): the window keeps the first.
    expect(values(windowed)).toEqual([11, 11]);
  });

  it('writes a value as a decimal text of six decimals at most, too large ones as a reason', () => {
    expect(computedText({ value: 1 / 3, reason: null })).toEqual({ measured: '0.333333', reason: null });
    expect(computedText({ value: -0, reason: null })).toEqual({ measured: '0', reason: null });
    expect(computedText({ value: 1e25, reason: null })).toEqual({ measured: null, reason: 'outOfRange' });
    expect(computedText({ value: null, reason: 'divisionByZero' })).toEqual({
      measured: null,
      reason: 'divisionByZero',
    });
  });
});
