import jsep from 'jsep';
import { KPI_FORMULA_WINDOW_MAX } from '../../../shared/kpis.ts';
import { kpisMessages } from '../kpis.messages.ts';

// Formula measurables (docs/decisions/105): an expression over other scores of the scorecard,
// stored with each score referenced as `{id}` so a rename changes nothing. jsep reads the text;
// only the node types below are kept (numbers, references, + − × ÷, unary minus, parentheses,
// and sum/avg/min/max over a score's last N periods), everything else is refused. Server only:
// the client sends and shows the text, never evaluates it.

export type WindowFunction = 'sum' | 'avg' | 'min' | 'max';
const WINDOW_FUNCTIONS: ReadonlySet<string> = new Set(['sum', 'avg', 'min', 'max']);
const OPERATORS: ReadonlySet<string> = new Set(['+', '-', '*', '/']);

export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'ref'; id: string }
  | { kind: 'negate'; argument: FormulaNode }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode }
  | { kind: 'window'; fn: WindowFunction; id: string; periods: number };

/** A formula that cannot be used; `message` is for the person (the form's field). */
export class FormulaError extends Error {}

const REFERENCE = /\{([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\}/g;
/** What a reference becomes for jsep: an identifier no typed text can produce (typed ones are refused). */
const PLACEHOLDER = /^ref_(\d+)$/;

/** Nesting deeper than this is refused (a formula is a line of arithmetic, not a program). */
const DEPTH_MAX = 100;

const convert = (node: jsep.Expression, ids: readonly string[], depth: number): FormulaNode => {
  if (depth > DEPTH_MAX) throw new FormulaError(kpisMessages.kpiFormulaTooDeep);
  switch (node.type) {
    case 'Literal': {
      const { value } = node as jsep.Literal;
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new FormulaError(kpisMessages.kpiFormulaNotAllowed);
      return { kind: 'number', value };
    }
    case 'Identifier': {
      const match = PLACEHOLDER.exec((node as jsep.Identifier).name);
      const id = match ? ids[Number(match[1])] : undefined;
      if (!id) throw new FormulaError(kpisMessages.kpiFormulaUnknownName);
      return { kind: 'ref', id };
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (unary.operator === '+') return convert(unary.argument, ids, depth + 1);
      if (unary.operator !== '-') throw new FormulaError(kpisMessages.kpiFormulaNotAllowed);
      return { kind: 'negate', argument: convert(unary.argument, ids, depth + 1) };
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (!OPERATORS.has(binary.operator)) throw new FormulaError(kpisMessages.kpiFormulaNotAllowed);
      return {
        kind: 'binary',
        operator: binary.operator as '+' | '-' | '*' | '/',
        left: convert(binary.left, ids, depth + 1),
        right: convert(binary.right, ids, depth + 1),
      };
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const name = call.callee.type === 'Identifier' ? (call.callee as jsep.Identifier).name.toLowerCase() : '';
      if (!WINDOW_FUNCTIONS.has(name)) throw new FormulaError(kpisMessages.kpiFormulaNotAllowed);
      const [target, count] = call.arguments;
      const ref = target ? convert(target, ids, depth + 1) : undefined;
      const periods = count?.type === 'Literal' ? (count as jsep.Literal).value : undefined;
      if (
        call.arguments.length !== 2 ||
        ref?.kind !== 'ref' ||
        typeof periods !== 'number' ||
        !Number.isInteger(periods) ||
        periods < 1 ||
        periods > KPI_FORMULA_WINDOW_MAX
      ) {
        throw new FormulaError(kpisMessages.kpiFormulaWindow(name));
      }
      return { kind: 'window', fn: name as WindowFunction, id: ref.id, periods };
    }
    default:
      throw new FormulaError(kpisMessages.kpiFormulaNotAllowed);
  }
};

/**
 * The formula text (references as `{id}`; '×', '÷' and '−' read as '*', '/' and '-') as a tree
 * of the allowed nodes; throws FormulaError with a message for the person otherwise.
 */
export const parseFormula = (text: string): FormulaNode => {
  const ids: string[] = [];
  const prepared = text
    .replace(/[×·]/g, '*')
    .replace(/÷/g, '/')
    .replace(/[−–]/g, '-')
    .replace(REFERENCE, (_whole, id: string) => {
      ids.push(id.toLowerCase());
      return ` ref_${ids.length - 1} `;
    });
  // A typed 'ref_0' would otherwise stand for the first reference.
  if (/ref_\d/.test(text)) throw new FormulaError(kpisMessages.kpiFormulaUnknownName);
  let tree: jsep.Expression;
  try {
    tree = jsep(prepared);
  } catch (error) {
    const at = (error as { index?: number }).index;
    throw new FormulaError(kpisMessages.kpiFormulaSyntax(typeof at === 'number' ? at + 1 : null));
  }
  if (!tree.type || (tree.type === 'Compound' && ((tree as jsep.Compound).body ?? []).length === 0))
    throw new FormulaError(kpisMessages.kpiFormulaEmpty);
  const node = convert(tree, ids, 0);
  if (formulaInputs(node).size === 0) throw new FormulaError(kpisMessages.kpiFormulaNoInput);
  return node;
};

/** The ids of the scores a formula reads. */
export const formulaInputs = (node: FormulaNode, into = new Set<string>()): Set<string> => {
  if (node.kind === 'ref' || node.kind === 'window') into.add(node.id);
  else if (node.kind === 'negate') formulaInputs(node.argument, into);
  else if (node.kind === 'binary') {
    formulaInputs(node.left, into);
    formulaInputs(node.right, into);
  }
  return into;
};

/**
 * Per input, how many periods before the evaluated one the formula reads (0: that period only;
 * sum(x, 4): 3 before it).
 */
export const formulaReach = (node: FormulaNode, into = new Map<string, number>()): Map<string, number> => {
  if (node.kind === 'ref') into.set(node.id, Math.max(into.get(node.id) ?? 0, 0));
  else if (node.kind === 'window') into.set(node.id, Math.max(into.get(node.id) ?? 0, node.periods - 1));
  else if (node.kind === 'negate') formulaReach(node.argument, into);
  else if (node.kind === 'binary') {
    formulaReach(node.left, into);
    formulaReach(node.right, into);
  }
  return into;
};
