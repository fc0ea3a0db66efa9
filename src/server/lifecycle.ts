import type { Db } from '../db/client.ts';
import type { Actor, TenantContext } from './context.ts';

// Moments in the life of a record that other features act on, inside the same transaction.
// The feature that owns the record raises the moment; the features that care register a
// handler (app.ts wires them). So the owner imports none of them: meetings does not know that
// boards, kpis or vault exist, and workspaces does not know how accounts get their passwords.

/** A step of an agenda being saved, as a handler may fill it in. */
export interface AgendaStep {
  keyName: string;
  boardId?: string | null;
  newBoardName?: string | null;
}

export interface Moments {
  /**
   * A meeting's agenda is about to be written (the steps in their order): a board step asking
   * for a new board gets one, and its `boardId` is set on the step.
   */
  'meeting.agendaSaving': { ctx: TenantContext; payload: { meetingId: string; steps: AgendaStep[] } };
  /** New sessions (dates) of a meeting were inserted. */
  'meeting.sessionsAdded': { ctx: { db: Db }; payload: { meetingId: string; sessionIds: string[] } };
  /** A meeting is about to be deleted (its rows are still there; they go by cascade after). */
  'meeting.deleting': { ctx: TenantContext; payload: { meetingId: string; actor: Actor } };
  /**
   * A workspace admin made a new account (a person without one, added to the workspace): it is
   * given a first password by mail.
   */
  'account.createdByAdmin': {
    ctx: TenantContext;
    payload: {
      person: { id: string; email: string; firstName: string };
      inviter: string;
      workspace: string;
      publicUrl: string;
    };
  };
}

export type Moment = keyof Moments;
export type Handler<M extends Moment> = (ctx: Moments[M]['ctx'], payload: Moments[M]['payload']) => Promise<void>;

export interface Lifecycle {
  on<M extends Moment>(moment: M, handler: Handler<M>): void;
  raise<M extends Moment>(moment: M, ctx: Moments[M]['ctx'], payload: Moments[M]['payload']): Promise<void>;
}

const createLifecycle = (): Lifecycle => {
  const handlers = new Map<Moment, Set<Handler<Moment>>>();
  return {
    on(moment, handler) {
      // A set: wiring twice (several apps in one process, as in the tests) registers once.
      const set = handlers.get(moment) ?? new Set();
      set.add(handler as Handler<Moment>);
      handlers.set(moment, set);
    },
    async raise(moment, ctx, payload) {
      // In order, one after the other: they share the caller's transaction.
      for (const handler of handlers.get(moment) ?? []) await handler(ctx, payload);
    },
  };
};

/** The one registry of the process: features raise on it, app.ts registers their handlers. */
export const lifecycle = createLifecycle();
