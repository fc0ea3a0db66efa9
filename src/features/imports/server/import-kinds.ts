import { plankaBoardPlanner, trelloBoardPlanner } from './board-planners.ts';
import { csvKpisPlanner } from './csv-kpis-plan.ts';
import { csvPeoplePlanner } from './csv-people-plan.ts';
import { csvGoalsPlanner, csvIssuesPlanner, csvTodosPlanner } from './csv-tasks-plan.ts';
import { ninetyIssuesPlanner } from './ninety-issues-plan.ts';
import { ninetyRocksPlanner } from './ninety-rocks-plan.ts';
import type { PlannerTable } from './planners.ts';
import { monthlyScorecardPlanner } from './scorecard-monthly-plan.ts';
import { weeklyScorecardPlanner } from './scorecard-planner.ts';

/** Each import kind's planner (decision 121). */
export const IMPORT_PLANNERS: PlannerTable = {
  'ninety-scorecard': weeklyScorecardPlanner,
  'ninety-scorecard-monthly': monthlyScorecardPlanner,
  'trello-board': trelloBoardPlanner,
  'planka-board': plankaBoardPlanner,
  'ninety-rocks': ninetyRocksPlanner,
  'ninety-issues': ninetyIssuesPlanner,
  'csv-todos': csvTodosPlanner,
  'csv-issues': csvIssuesPlanner,
  'csv-goals': csvGoalsPlanner,
  'csv-kpis': csvKpisPlanner,
  'csv-people': csvPeoplePlanner,
};
