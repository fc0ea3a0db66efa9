import type { FastifyInstance } from 'fastify';
import type { OrgChart, Seat } from '../src/features/orgchart/orgchart.schemas.ts';
import type { OneOnOne, Pair } from '../src/features/people-tools/people-tools.schemas.ts';
import { joinWorkspace, type SignedUp, signUp } from './factories.ts';

/**
 * A workspace with its default org chart: the admin is the Visionary, `manager` the Integrator,
 * `report` in Operations, `peer` in Finance; `outsider` is the admin of a workspace of their own.
 */
export const peopleWorkspace = async (app: FastifyInstance) => {
  const admin = await signUp(app, { firstName: 'Ada' });
  const manager = await joinWorkspace(app, admin, { firstName: 'Max' });
  const report = await joinWorkspace(app, admin, { firstName: 'Rita' });
  const peer = await joinWorkspace(app, admin, { firstName: 'Pete' });
  const outsider = await signUp(app, { firstName: 'Otto' });
  const chart = await admin.api.post<OrgChart>('/org-chart');
  const seat = (title: string) => chart.body.result.seats.find((s) => s.jobTitle === title) as Seat;
  const place = async (title: string, people: SignedUp[]) => {
    const answer = await admin.api.patch(`/org-chart/seats/${seat(title).id}`, {
      coworkers: people.map((p) => p.userId),
    });
    if (answer.status !== 200) throw new Error(`seat: ${JSON.stringify(answer.body)}`);
  };
  await place('Visionary', [admin]);
  await place('Integrator', [manager]);
  await place('Operations', [report]);
  await place('Finance', [peer]);
  return { admin, manager, report, peer, outsider, seat };
};

/** The manager's weekly 1:1 with the report, from last Monday at 09:00 in Berlin. */
export const pairOf = async (manager: SignedUp, report: SignedUp, startDate = '2026-01-05') => {
  const answer = await manager.api.post<Pair>('/one-on-ones', {
    reportId: report.userId,
    startDate,
    startTime: '09:00',
    timezone: 'Europe/Berlin',
  });
  if (answer.status !== 201) throw new Error(`pair: ${JSON.stringify(answer.body)}`);
  return answer.body.result;
};

/** The pair's current 1:1, as the given side opens it. */
export const upcoming = async (person: SignedUp, pairId: string) => {
  const opened = await person.api.post<{ id: string }>(`/one-on-ones/${pairId}/upcoming`);
  if (opened.status !== 200) throw new Error(`upcoming: ${JSON.stringify(opened.body)}`);
  return (await person.api.get<OneOnOne>(`/one-on-one-meetings/${opened.body.result.id}`)).body.result;
};
