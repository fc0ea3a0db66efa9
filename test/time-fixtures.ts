import type { FastifyInstance } from 'fastify';
import type { Account, Entry, Project } from '../src/features/time/time.schemas.ts';
import { joinWorkspace, type SignedUp, signUp } from './factories.ts';

// Shared steps of the time tracking API tests (decision 064): Ada (admin)
// with an account, Ben and Cy in her workspace; a project body with two tasks; logging time.

export const must = <T>(answer: { status: number; body: { result: T } }, what: string): T => {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result;
};

export const setup = async (app: FastifyInstance) => {
  const ada = await signUp(app, { firstName: 'Ada' });
  const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
  const cy = await joinWorkspace(app, ada, { firstName: 'Cy' });
  const account = must(await ada.api.post<Account>('/time/accounts', { title: 'Acme' }), 'account');
  return { ada, ben, cy, account };
};

export const projectBody = (
  accountId: string,
  teams: { userId: string; manage?: boolean; hourlyRate?: number; budgetMinutes?: number }[],
  extra = {},
) => ({
  accountId,
  name: 'Website',
  tasks: [
    { title: 'Design', billable: true, hourlyRate: 12000, budget: 50000, budgetMinutes: 600 },
    { title: 'Admin', billable: false, hourlyRate: 6000, budget: 10000, budgetMinutes: 300 },
  ],
  teams: teams.map((m) => ({ hourlyRate: 9000, budgetMinutes: 480, ...m })),
  ...extra,
});

export const newProject = async (who: SignedUp, body: ReturnType<typeof projectBody>) =>
  must(await who.api.post<Project>('/time/projects', body), 'project');

export const log = async (who: SignedUp, project: Project, spentOn: string, minutes: number, extra = {}) =>
  who.api.post<Entry>('/time/entries', {
    projectId: project.id,
    taskId: project.tasks[0]!.id,
    spentOn,
    minutes,
    ...extra,
  });
