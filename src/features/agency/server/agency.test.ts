import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { migrate } from '../../../db/migrate.ts';
import {
  agencyAnswers,
  agencyCategories,
  agencyContentState,
  agencyItems,
  agencyQuestions,
} from '../../../db/schema/index.ts';
import { dataMigrations } from '../../../server/data-migrations.ts';
import { AGENCY_LIMITS } from '../../../shared/constants.ts';
import type { ShippedContent } from '../agency.content/shipped.ts';
import { AGENCY_CONTENT } from '../agency.content.ts';
import { agencyMessages } from '../agency.messages.ts';
import type {
  AgencyAnswer,
  AgencyCategoriesPage,
  AgencyItem,
  AgencyItemsPage,
  AgencySingleColumn,
} from '../agency.schemas.ts';
import { syncAgencyContent } from './agency.sync.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const catalogue = async (who: SignedUp, query = '') =>
  (await who.api.get<AgencyCategoriesPage>(`/agency/categories${query}`)).body.result;

/** A shipped framework by category and item title. */
const shippedItem = async (who: SignedUp, categoryTitle: string, itemTitle: string) => {
  const category = (await catalogue(who)).items.find((c) => c.title === categoryTitle)!;
  const all = await who.api.get<AgencyItemsPage>(`/agency/categories/${category.id}/items`);
  const summary = all.body.result.items.find((i) => i.title === itemTitle)!;
  const item = await who.api.get<AgencyItem>(`/agency/items/${summary.id}`);
  expect(item.status).toBe(200);
  return item.body.result;
};

const personas = (who: SignedUp) => shippedItem(who, 'Marketing', 'Buyer personas');
const swot = (who: SignedUp) => shippedItem(who, 'Strategy', 'SWOT analysis');

/** An admin-made category with a framework, two columns (the second follows the first) and a question. */
const ownContent = async (admin: SignedUp) => {
  const category = await admin.api.post<{ id: string }>('/agency/categories', {
    title: 'Hiring',
    description: 'How we hire',
    avatar: 'users',
    color: 'teal',
    buttonTitle: 'Open',
  });
  expect(category.status).toBe(201);
  const item = await admin.api.post<{ id: string }>('/agency/items', {
    categoryId: category.body.result.id,
    title: 'Scorecard for a role',
  });
  expect(item.status).toBe(201);
  const first = await admin.api.post<{ id: string }>('/agency/columns', {
    itemId: item.body.result.id,
    title: 'Mission',
    color: 'blue',
  });
  const second = await admin.api.post<{ id: string }>('/agency/columns', {
    itemId: item.body.result.id,
    parentId: first.body.result.id,
    title: 'Outcomes',
    color: 'green',
    description: '<p onclick="x()">Three <strong>results</strong><script>alert(1)</script></p>',
  });
  expect(second.status).toBe(201);
  const question = await admin.api.post<{ id: string }>('/agency/questions', {
    columnId: second.body.result.id,
    question: 'What must this person achieve?',
    maxLength: 20,
    numOfAnswers: 2,
    addAnswer: true,
  });
  expect(question.status).toBe(201);
  return {
    categoryId: category.body.result.id,
    itemId: item.body.result.id,
    firstColumnId: first.body.result.id,
    secondColumnId: second.body.result.id,
    questionId: question.body.result.id,
  };
};

describe('agency tools: the catalogue', () => {
  it('lists at least four categories of three or more frameworks, two each until Show All', async () => {
    const admin = await signUp(app);
    const page = await catalogue(admin);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.items.map((c) => c.title)).toEqual(['Strategy', 'Marketing', 'Sales', 'Operations']);
    for (const category of page.items) {
      expect(category.items).toHaveLength(2);
      expect(category.itemsTotal).toBeGreaterThanOrEqual(3);
      expect(category).toMatchObject({ shipped: true, hidden: false });
      expect(category.avatar).not.toBe('');
      expect(category.buttonItemId).not.toBeNull();
      const all = await admin.api.get<AgencyItemsPage>(`/agency/categories/${category.id}/items`);
      expect(all.body.result.items.map((i) => i.id).slice(0, 2)).toEqual(category.items.map((i) => i.id));
      expect(all.body.result.total).toBe(category.itemsTotal);
    }
    const paged = await catalogue(admin, '?limit=1&offset=1');
    expect(paged.items.map((c) => c.title)).toEqual(['Marketing']);
    expect(paged.total).toBe(page.total);
    expect((await admin.api.get('/agency/categories?limit=0')).status).toBe(400);
  });

  it('a buyer-persona framework has several personas, nested with arrows, and questions with several answers', async () => {
    const admin = await signUp(app);
    const item = await personas(admin);
    // Its recap and link (shipped product data).
    expect(item.recap).toBe('Write about real customers you have spoken to, not the ones you wish you had.');
    expect(item.url).toBe('https://en.wikipedia.org/wiki/Persona_(user_experience)');
    const people = item.columns.filter((c) => c.title.startsWith('Persona'));
    expect(people.length).toBeGreaterThanOrEqual(3);
    const [decider, ...others] = people;
    expect(decider?.parentId).toBeNull();
    for (const other of others) expect(other.parentId).toBe(decider!.id);
    expect(decider?.childrenIds).toEqual(others.map((o) => o.id));
    expect(item.columnIds).toEqual(item.columns.map((c) => c.id));
    const goals = decider!.questions.find((q) => q.question.startsWith('What are they trying'))!;
    expect(goals).toMatchObject({ numOfAnswers: 3, addAnswer: false, answers: [] });
    const single = await admin.api.get<AgencySingleColumn>(`/agency/columns/${others[0]!.id}`);
    expect(single.body.result).toMatchObject({
      item: { id: item.id, title: 'Buyer personas' },
      parent: { id: decider!.id },
      children: [],
    });
  });
});

describe('agency tools: answers', () => {
  it('saves an answer with who and when; refuses too long, too many, a non-editable column and bad input, storing nothing', async () => {
    const admin = await signUp(app, { firstName: 'Ada' });
    const item = await swot(admin);
    const strengths = item.columns.find((c) => c.title === 'Strengths')!;
    const question = strengths.questions[0]!;
    const url = (position: number) => `/agency/questions/${question.id}/answers/${position}`;
    const before = Date.now();
    const saved = await admin.api.put<AgencyAnswer>(url(0), { answer: '  Fast support <b>always</b> ' });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({
      position: 0,
      answer: 'Fast support always',
      changedBy: { name: 'Ada Person' },
    });
    // When: the moment of the save, and the framework reads the same who and when.
    const changedAt = Date.parse(saved.body.result.changedAt);
    expect(changedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(changedAt).toBeLessThanOrEqual(Date.now() + 1000);
    const read = (await admin.api.get<AgencyItem>(`/agency/items/${item.id}`)).body.result;
    expect(read.columns.find((c) => c.id === strengths.id)?.questions[0]?.answers[0]).toEqual(saved.body.result);
    // Someone else changes it later: who and when follow.
    const mate = await joinWorkspace(app, admin, { firstName: 'Mia' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const changed = await mate.api.put<AgencyAnswer>(url(0), { answer: 'Fast support always' });
    expect(changed.body.result.changedBy?.name).toBe('Mia Person');
    expect(Date.parse(changed.body.result.changedAt)).toBeGreaterThan(changedAt);
    const tooLong = await admin.api.put(url(1), { answer: 'x'.repeat(question.maxLength + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.answer).toBe(agencyMessages.agencyAnswerTooLong(question.maxLength));
    const tooMany = await admin.api.put(url(question.numOfAnswers), { answer: 'One more' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.position).toBe(agencyMessages.agencyTooManyAnswers(question.numOfAnswers));
    expect((await admin.api.put(url(0), { answer: 'a\u0000b' })).status).toBe(400);
    expect((await admin.api.put(url(0), {})).status).toBe(400);
    expect((await admin.api.put('/agency/questions/not-a-uuid/answers/0', { answer: 'x' })).status).toBe(404);
    const guide = item.columns.find((c) => c.columnType === 'noneditable')!;
    expect(guide.title).toBe('How to use it');
    const own = await ownContent(admin);
    await admin.api.patch(`/agency/columns/${own.secondColumnId}`, { columnType: 'noneditable' });
    const refused = await admin.api.put(`/agency/questions/${own.questionId}/answers/0`, { answer: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(agencyMessages.agencyNotEditable);
    const after = (await admin.api.get<AgencyItem>(`/agency/items/${item.id}`)).body.result;
    expect(after.columns.find((c) => c.id === strengths.id)?.questions[0]?.answers.map((a) => a.answer)).toEqual([
      'Fast support always',
    ]);
    expect(
      (await admin.api.get<AgencyItem>(`/agency/items/${own.itemId}`)).body.result.columns[1]?.questions[0]?.answers,
    ).toEqual([]);
  });

  it('answers are per workspace; removing one moves the later ones up', async () => {
    const admin = await signUp(app);
    const other = await signUp(app);
    const question = (await swot(admin)).columns.find((c) => c.title === 'Threats')!.questions[0]!;
    const url = (position: number) => `/agency/questions/${question.id}/answers/${position}`;
    for (const [position, answer] of ['New rival', 'Rates rise', 'Key hire leaves'].entries())
      expect((await admin.api.put(url(position), { answer })).status).toBe(200);
    expect((await admin.api.delete(url(1))).status).toBe(200);
    const mine = (await swot(admin)).columns.find((c) => c.title === 'Threats')!.questions[0]!;
    expect(mine.answers.map((a) => [a.position, a.answer])).toEqual([
      [0, 'New rival'],
      [1, 'Key hire leaves'],
    ]);
    const theirs = (await swot(other)).columns.find((c) => c.title === 'Threats')!.questions[0]!;
    expect(theirs.answers).toEqual([]);
  });

  it('tells the workspace who changed an answer and when; a socket of another workspace gets nothing', async () => {
    const admin = await signUp(app);
    const mate = await joinWorkspace(app, admin, { firstName: 'Mia' });
    const stranger = await signUp(app);
    const question = (await personas(admin)).columns[0]!.questions[0]!;
    const watching = await connect(baseUrl, admin.token);
    const outside = await connect(baseUrl, stranger.token);
    try {
      await mate.api.put(`/agency/questions/${question.id}/answers/0`, { answer: 'Dana, COO, 80 people' });
      await eventually(() =>
        watching.received.some(
          (m) =>
            m.type === 'agency.answer' &&
            (m.data as { answer: string }).answer === 'Dana, COO, 80 people' &&
            (m.data as { changedBy: { name: string } }).changedBy.name === 'Mia Person',
        ),
      );
      await settle();
      expect(outside.received.filter((m) => m.type.startsWith('agency.'))).toEqual([]);
    } finally {
      watching.socket.close();
      outside.socket.close();
    }
  });

  describe('agency tools: two people typing into one answer', () => {
    it('the later save over an old version is refused (409) and overwrites nothing; kept on purpose it wins', async () => {
      const admin = await signUp(app, { firstName: 'Ada' });
      const mate = await joinWorkspace(app, admin, { firstName: 'Ben' });
      const question = (await swot(admin)).columns.find((c) => c.title === 'Strengths')!.questions[0]!;
      const url = `/agency/questions/${question.id}/answers/0`;
      const read = async () =>
        (await swot(admin)).columns.flatMap((c) => c.questions).find((q) => q.id === question.id)!.answers[0];

      // Both start from an empty slot; Ada saves first, Ben's save is then refused.
      const first = await admin.api.put<AgencyAnswer>(url, { answer: 'Fast support', baseChangedAt: null });
      expect(first.status).toBe(200);
      const refused = await mate.api.put(url, { answer: 'Low prices', baseChangedAt: null });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        status: 'fail',
        message: agencyMessages.agencyAnswerChangedMeanwhile('Ada Person'),
      });
      expect((await read())?.answer).toBe('Fast support');

      // Ben saw both and keeps his: he saves over the version he now has.
      const kept = await mate.api.put<AgencyAnswer>(url, {
        answer: 'Low prices',
        baseChangedAt: first.body.result.changedAt,
      });
      expect(kept.status).toBe(200);
      expect((await read())?.answer).toBe('Low prices');
      // Ada, still on her first version, is refused in turn; the same text as stored is no conflict.
      expect((await admin.api.put(url, { answer: 'Fast', baseChangedAt: first.body.result.changedAt })).status).toBe(
        409,
      );
      expect(
        (await admin.api.put(url, { answer: 'Low prices', baseChangedAt: first.body.result.changedAt })).status,
      ).toBe(200);
      // Without a base (older clients), the last save wins as before; a bad base is a 400.
      expect((await admin.api.put(url, { answer: 'Plain save' })).status).toBe(200);
      expect((await admin.api.put(url, { answer: 'x', baseChangedAt: 'yesterday' })).status).toBe(400);
      expect((await read())?.answer).toBe('Plain save');
    });

    it('two saves from the same version at the same moment: one is written, the other refused', async () => {
      const admin = await signUp(app);
      const mate = await joinWorkspace(app, admin);
      const question = (await swot(admin)).columns.find((c) => c.title === 'Threats')!.questions[0]!;
      const url = `/agency/questions/${question.id}/answers/0`;
      const answers = await Promise.all([
        admin.api.put(url, { answer: 'Mine', baseChangedAt: null }),
        mate.api.put(url, { answer: 'Theirs', baseChangedAt: null }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    });
  });
});

describe('agency tools: admin content and hiding', () => {
  it('admins add their own content; members may not; shipped content is read-only; rich text is sanitized', async () => {
    const admin = await signUp(app);
    const mate = await joinWorkspace(app, admin);
    const own = await ownContent(admin);
    const page = await catalogue(mate);
    const hiring = page.items.find((c) => c.id === own.categoryId)!;
    expect(hiring).toMatchObject({ title: 'Hiring', shipped: false, itemsTotal: 1, buttonItemId: own.itemId });
    const item = (await mate.api.get<AgencyItem>(`/agency/items/${own.itemId}`)).body.result;
    expect(item.columns.map((c) => [c.title, c.parentId])).toEqual([
      ['Mission', null],
      ['Outcomes', own.firstColumnId],
    ]);
    expect(item.columns[1]?.description).toBe('<p>Three <strong>results</strong></p>');
    expect(item.columns[1]?.questions[0]).toMatchObject({ maxLength: 20, numOfAnswers: 2, addAnswer: true });
    expect(
      (await mate.api.post('/agency/categories', { title: 'X', avatar: 'star', color: 'red', buttonTitle: 'Go' }))
        .status,
    ).toBe(403);
    expect((await mate.api.patch(`/agency/items/${own.itemId}`, { title: 'Mine' })).status).toBe(403);
    const strategy = page.items.find((c) => c.title === 'Strategy')!;
    const shippedEdit = await admin.api.patch(`/agency/categories/${strategy.id}`, { title: 'Ours' });
    expect(shippedEdit.status).toBe(403);
    expect(shippedEdit.body.message).toBe(agencyMessages.agencyShippedReadOnly);
    expect((await admin.api.delete(`/agency/categories/${strategy.id}`)).status).toBe(403);
    expect((await catalogue(admin)).items.find((c) => c.id === strategy.id)?.title).toBe('Strategy');
    const bad = await admin.api.post('/agency/categories', {
      title: 'X',
      avatar: '<svg onload=1>',
      color: 'red',
      buttonTitle: 'Go',
    });
    expect(bad.status).toBe(400);
    const badUrl = await admin.api.post('/agency/items', {
      categoryId: own.categoryId,
      title: 'Y',
      url: 'javascript:alert(1)',
    });
    expect(badUrl.status).toBe(400);
    // An own framework in a shipped category.
    const extra = await admin.api.post<{ id: string }>('/agency/items', {
      categoryId: strategy.id,
      title: 'Pricing review',
      recap: 'Agree one price change to test this quarter.',
      url: 'https://example.com/pricing',
    });
    expect(extra.status).toBe(201);
    expect((await mate.api.get<AgencyItem>(`/agency/items/${extra.body.result.id}`)).body.result).toMatchObject({
      recap: 'Agree one price change to test this quarter.',
      url: 'https://example.com/pricing',
    });
    expect(item).toMatchObject({ recap: null, url: null });
    expect((await catalogue(admin)).items.find((c) => c.id === strategy.id)?.itemsTotal).toBe(strategy.itemsTotal + 1);
    expect((await admin.api.delete(`/agency/items/${extra.body.result.id}`)).status).toBe(200);
    expect((await admin.api.get(`/agency/items/${extra.body.result.id}`)).status).toBe(404);
  });

  it('refuses a category or a framework past what the catalogue reads, with a clear message', async () => {
    const admin = await signUp(app);
    const neighbour = await signUp(app);
    const page = await catalogue(admin);
    const db = app.database.db;
    // Fill the workspace up to the limit (hidden categories count too: admins see them).
    await db.insert(agencyCategories).values(
      Array.from({ length: AGENCY_LIMITS.categories - page.total }, (_, n) => ({
        tenantId: admin.tenantId,
        title: `Category ${n}`,
        avatar: 'star',
        color: 'blue',
        buttonTitle: 'Open',
      })),
    );
    const body = { title: 'One too many', avatar: 'star', color: 'red', buttonTitle: 'Go' };
    const refused = await admin.api.post('/agency/categories', body);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(agencyMessages.agencyTooManyCategories(AGENCY_LIMITS.categories));
    const full = await catalogue(admin, `?limit=${AGENCY_LIMITS.categories}&hidden=true`);
    expect(full.total).toBe(AGENCY_LIMITS.categories);
    expect(full.items).toHaveLength(AGENCY_LIMITS.categories);
    // Another workspace is not affected.
    expect((await neighbour.api.post('/agency/categories', body)).status).toBe(201);
    // Frameworks: a category's limit, for a new one and for one moved into it.
    const own = full.items.find((c) => c.title === 'Category 0')!;
    const strategy = page.items.find((c) => c.title === 'Strategy')!;
    await db.insert(agencyItems).values(
      Array.from({ length: AGENCY_LIMITS.itemsPerCategory - strategy.itemsTotal }, (_, n) => ({
        tenantId: admin.tenantId,
        categoryId: strategy.id,
        title: `Framework ${n}`,
      })),
    );
    const tooMany = await admin.api.post('/agency/items', { categoryId: strategy.id, title: 'One too many' });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(agencyMessages.agencyTooManyItems(AGENCY_LIMITS.itemsPerCategory));
    const mine = await admin.api.post<{ id: string }>('/agency/items', { categoryId: own.id, title: 'Mine' });
    expect(mine.status).toBe(201);
    const moved = await admin.api.patch(`/agency/items/${mine.body.result.id}`, { categoryId: strategy.id });
    expect(moved.status).toBe(409);
    const items = await admin.api.get<AgencyItemsPage>(
      `/agency/categories/${strategy.id}/items?limit=${AGENCY_LIMITS.itemsPerCategory}`,
    );
    expect(items.body.result.total).toBe(AGENCY_LIMITS.itemsPerCategory);
    expect(items.body.result.items.map((i) => i.title)).not.toContain('Mine');
    expect((await admin.api.patch(`/agency/items/${mine.body.result.id}`, { title: 'Still mine' })).status).toBe(200);
    // Room again once one of the workspace's own is deleted.
    expect((await admin.api.delete(`/agency/categories/${own.id}`)).status).toBe(200);
    expect((await admin.api.post('/agency/categories', body)).status).toBe(201);
  });

  it("a guidance column takes no question, a shipped one or one of the workspace's own", async () => {
    const admin = await signUp(app);
    const own = await ownContent(admin);
    const guidance = await admin.api.post<{ id: string }>('/agency/columns', {
      itemId: own.itemId,
      title: 'How to use it',
      color: 'gray',
      columnType: 'noneditable',
    });
    expect(guidance.status).toBe(201);
    const shippedGuidance = (await swot(admin)).columns.find((column) => column.columnType === 'noneditable')!;
    for (const columnId of [guidance.body.result.id, shippedGuidance.id]) {
      const refused = await admin.api.post('/agency/questions', { columnId, question: 'Anything?' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ message: agencyMessages.agencyGuidanceHasNoQuestions });
    }
    expect((await swot(admin)).columns.find((c) => c.id === shippedGuidance.id)!.questions).toEqual([]);
  });

  it('refuses a column parent that makes a cycle or lies in another framework', async () => {
    const admin = await signUp(app);
    const own = await ownContent(admin);
    const third = await admin.api.post<{ id: string }>('/agency/columns', {
      itemId: own.itemId,
      parentId: own.secondColumnId,
      title: 'Signals',
      color: 'red',
    });
    const cycle = await admin.api.patch(`/agency/columns/${own.firstColumnId}`, { parentId: third.body.result.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.errors?.parentId).toBe(agencyMessages.agencyParentCycle);
    expect(
      (await admin.api.patch(`/agency/columns/${own.firstColumnId}`, { parentId: own.firstColumnId })).status,
    ).toBe(400);
    const elsewhere = (await swot(admin)).columns[0]!.id;
    const foreignParent = await admin.api.patch(`/agency/columns/${third.body.result.id}`, { parentId: elsewhere });
    expect(foreignParent.status).toBe(400);
    expect(foreignParent.body.errors?.parentId).toBe(agencyMessages.agencyParentOtherItem);
    const item = (await admin.api.get<AgencyItem>(`/agency/items/${own.itemId}`)).body.result;
    expect(item.columns.map((c) => c.parentId)).toEqual([null, own.firstColumnId, own.secondColumnId]);
  });

  it('hides shipped content for one workspace: members lose it, admins see it marked and show it again', async () => {
    const admin = await signUp(app);
    const mate = await joinWorkspace(app, admin);
    const neighbour = await signUp(app);
    const sales = (await catalogue(admin)).items.find((c) => c.title === 'Sales')!;
    expect((await mate.api.put(`/agency/categories/${sales.id}/hidden`, { hidden: true })).status).toBe(403);
    expect((await admin.api.put(`/agency/categories/${sales.id}/hidden`, { hidden: true })).status).toBe(200);
    expect((await catalogue(mate)).items.map((c) => c.title)).not.toContain('Sales');
    expect((await mate.api.get(`/agency/items/${sales.items[0]!.id}`)).status).toBe(404);
    expect((await mate.api.get(`/agency/categories/${sales.id}/items`)).status).toBe(404);
    expect((await mate.api.get(`/agency/categories?hidden=true`)).body).toMatchObject({ result: { total: 3 } });
    const seen = (await catalogue(admin, '?hidden=true')).items.find((c) => c.id === sales.id);
    expect(seen?.hidden).toBe(true);
    expect((await catalogue(neighbour)).items.map((c) => c.title)).toContain('Sales');
    // A hidden question takes no answers and is left out of the framework.
    const item = await swot(admin);
    const question = item.columns.find((c) => c.title === 'Opportunities')!.questions[0]!;
    await admin.api.put(`/agency/questions/${question.id}/hidden`, { hidden: true });
    expect((await mate.api.put(`/agency/questions/${question.id}/answers/0`, { answer: 'x' })).status).toBe(404);
    expect((await swot(mate)).columns.find((c) => c.title === 'Opportunities')!.questions).toEqual([]);
    const adminView = (await admin.api.get<AgencyItem>(`/agency/items/${item.id}?hidden=true`)).body.result;
    expect(adminView.columns.find((c) => c.title === 'Opportunities')!.questions[0]).toMatchObject({ hidden: true });
    await admin.api.put(`/agency/questions/${question.id}/hidden`, { hidden: false });
    await admin.api.put(`/agency/categories/${sales.id}/hidden`, { hidden: false });
    expect((await catalogue(mate)).items.map((c) => c.title)).toContain('Sales');
    expect((await mate.api.put(`/agency/questions/${question.id}/answers/0`, { answer: 'x' })).status).toBe(200);
  });

  it("another workspace's content ids in the path or the body are 404 and nothing changes", async () => {
    const mine = await signUp(app);
    const theirs = await signUp(app);
    const own = await ownContent(theirs);
    await theirs.api.put(`/agency/questions/${own.questionId}/answers/0`, { answer: 'Theirs' });
    const calls = [
      mine.api.get(`/agency/items/${own.itemId}`),
      mine.api.get(`/agency/columns/${own.secondColumnId}`),
      mine.api.get(`/agency/categories/${own.categoryId}/items`),
      mine.api.get(`/agency/items/${own.itemId}/export`),
      mine.api.put(`/agency/questions/${own.questionId}/answers/0`, { answer: 'Mine' }),
      mine.api.delete(`/agency/questions/${own.questionId}/answers/0`),
      mine.api.patch(`/agency/categories/${own.categoryId}`, { title: 'Stolen' }),
      mine.api.patch(`/agency/items/${own.itemId}`, { title: 'Stolen' }),
      mine.api.patch(`/agency/columns/${own.firstColumnId}`, { title: 'Stolen' }),
      mine.api.patch(`/agency/questions/${own.questionId}`, { question: 'Stolen?' }),
      mine.api.delete(`/agency/items/${own.itemId}`),
      mine.api.put(`/agency/items/${own.itemId}/hidden`, { hidden: true }),
      // In the body:
      mine.api.post('/agency/items', { categoryId: own.categoryId, title: 'Into theirs' }),
      mine.api.post('/agency/columns', { itemId: own.itemId, title: 'Into theirs', color: 'red' }),
      mine.api.post('/agency/questions', { columnId: own.firstColumnId, question: 'Into theirs?' }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(404);
    const myCategory = await mine.api.post<{ id: string }>('/agency/categories', {
      title: 'Mine',
      avatar: 'star',
      color: 'red',
      buttonTitle: 'Go',
    });
    const myItem = await mine.api.post<{ id: string }>('/agency/items', {
      categoryId: myCategory.body.result.id,
      title: 'Mine',
    });
    expect(
      (
        await mine.api.post('/agency/columns', {
          itemId: myItem.body.result.id,
          parentId: own.firstColumnId,
          title: 'X',
          color: 'red',
        })
      ).status,
    ).toBe(404);
    expect(
      (await mine.api.patch(`/agency/items/${myItem.body.result.id}`, { categoryId: own.categoryId })).status,
    ).toBe(404);
    const still = (await theirs.api.get<AgencyItem>(`/agency/items/${own.itemId}`)).body.result;
    expect(still.title).toBe('Scorecard for a role');
    expect(still.columns.map((c) => c.title)).toEqual(['Mission', 'Outcomes']);
    expect(still.columns[1]?.questions[0]?.answers.map((a) => a.answer)).toEqual(['Theirs']);
    expect(still.columns[1]?.questions).toHaveLength(1);
  });

  it('exports a framework with its answers as a PDF', async () => {
    const admin = await signUp(app);
    const item = await personas(admin);
    await admin.api.put(`/agency/questions/${item.columns[0]!.questions[0]!.id}/answers/0`, { answer: 'Dana' });
    for (const paper of ['A4', 'LETTER']) {
      const pdf = await app.inject({
        method: 'GET',
        url: `/api/v2/agency/items/${item.id}/export?paper=${paper}`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});

describe('agency tools in meetings', () => {
  it("an agenda item shows a framework; another workspace's framework is 404; another kind drops the link", async () => {
    const admin = await signUp(app);
    const other = await signUp(app);
    const theirs = await ownContent(other);
    const meeting = await createMeeting(admin);
    const item = await personas(admin);
    const agenda = (agencyItemId: string, keyName = 'agency_framework') => ({
      agendaItems: [
        { title: 'Personas', keyName, agencyItemId },
        { title: 'Meeting Scores', keyName: 'conclusion' },
      ],
    });
    type Row = { title: string; keyName: string; agencyItemId: string | null };
    const saved = await admin.api.put<Row[]>(`/meetings/${meeting.id}/agenda-items`, agenda(item.id));
    expect(saved.status).toBe(200);
    expect(saved.body.result[0]).toMatchObject({ keyName: 'agency_framework', agencyItemId: item.id });
    const foreign = await admin.api.put(`/meetings/${meeting.id}/agenda-items`, agenda(theirs.itemId));
    expect(foreign.status).toBe(404);
    const read = await admin.api.get<Row[]>(`/meetings/${meeting.id}/agenda-items`);
    expect(read.body.result[0]?.agencyItemId).toBe(item.id);
    const other2 = await admin.api.put<Row[]>(`/meetings/${meeting.id}/agenda-items`, agenda(item.id, 'free_activity'));
    expect(other2.body.result[0]).toMatchObject({ keyName: 'free_activity', agencyItemId: null });
  });
});

describe('agency tools: shipped content upgrades', () => {
  it('is a data migration: migrate() writes it and records its version, building the app does not', async () => {
    const db = app.database.db;
    const state = async () => (await db.select().from(agencyContentState).where(eq(agencyContentState.id, 1)))[0];
    expect((await state())?.version).toBe(AGENCY_CONTENT.version);
    const setVersion = (version: number) =>
      db.update(agencyContentState).set({ version }).where(eq(agencyContentState.id, 1));
    await setVersion(0);
    try {
      const another = await testApp();
      await another.close();
      expect((await state())?.version).toBe(0);
      const started = Date.now();
      await migrate(app.database, { dataMigrations });
      const applied = await state();
      expect(applied?.version).toBe(AGENCY_CONTENT.version);
      expect(applied!.syncedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
      // Again: the version is current, nothing is written.
      await migrate(app.database, { dataMigrations });
      expect((await state())?.syncedAt).toEqual(applied?.syncedAt);
      // Two instances at once: one writes, the other finds the version current.
      const next = Math.floor(Date.now() / 1000) + 100;
      const both = await Promise.all([
        syncAgencyContent(db, { ...AGENCY_CONTENT, version: next }),
        syncAgencyContent(db, { ...AGENCY_CONTENT, version: next }),
      ]);
      expect(both.sort()).toEqual([false, true]);
    } finally {
      await setVersion(AGENCY_CONTENT.version);
    }
  });

  it('a later version rewrites shipped text and retires what it drops, keeping every answer', async () => {
    const admin = await signUp(app);
    const item = await swot(admin);
    const strengths = item.columns.find((c) => c.title === 'Strengths')!;
    const [praise, assets] = strengths.questions;
    await admin.api.put(`/agency/questions/${praise!.id}/answers/0`, { answer: 'Fast support' });
    await admin.api.put(`/agency/questions/${assets!.id}/answers/0`, { answer: 'Our data' });
    const db = app.database.db;
    // A far newer version (so that no other start undoes it meanwhile), then the real one back.
    const base = Math.floor(Date.now() / 1000);
    const edited: ShippedContent = structuredClone(AGENCY_CONTENT);
    const column = edited.categories[0]!.items[0]!.columns.find((c) => c.key === 'strengths')!;
    column.questions[0]!.question = 'What do customers thank us for?';
    column.questions.splice(1, 1);
    edited.version = base;
    try {
      expect(await syncAgencyContent(db, edited)).toBe(true);
      expect(await syncAgencyContent(db, edited)).toBe(false);
      const after = (await swot(admin)).columns.find((c) => c.id === strengths.id)!;
      expect(after.questions.map((q) => q.question)).toEqual(['What do customers thank us for?']);
      expect(after.questions[0]?.id).toBe(praise!.id);
      expect(after.questions[0]?.answers.map((a) => a.answer)).toEqual(['Fast support']);
      // Retired, not deleted: its answer is still stored, and it is 404 to answers now.
      const kept = await db
        .select()
        .from(agencyAnswers)
        .where(and(eq(agencyAnswers.questionId, assets!.id), eq(agencyAnswers.tenantId, admin.tenantId)));
      expect(kept.map((a) => a.answer)).toEqual(['Our data']);
      expect((await admin.api.put(`/agency/questions/${assets!.id}/answers/0`, { answer: 'x' })).status).toBe(404);
    } finally {
      expect(await syncAgencyContent(db, { ...AGENCY_CONTENT, version: base + 1 })).toBe(true);
      await db.update(agencyContentState).set({ version: AGENCY_CONTENT.version }).where(eq(agencyContentState.id, 1));
    }
    const restored = (await swot(admin)).columns.find((c) => c.id === strengths.id)!;
    expect(restored.questions.map((q) => q.id)).toEqual([praise!.id, assets!.id]);
    expect(restored.questions[1]?.answers.map((a) => a.answer)).toEqual(['Our data']);
    const [row] = await db.select().from(agencyQuestions).where(eq(agencyQuestions.id, praise!.id));
    expect(row?.question).toBe(praise!.question);
  });
});
