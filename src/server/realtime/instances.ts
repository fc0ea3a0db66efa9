/** What the app's instances tell each other through the socket.io adapter (PostgreSQL). */
export const SESSIONS_CLEAR = 'cadence:sessions-clear';

export interface InstanceEvents {
  /** Forget the cached sessions (decision 058); acknowledged once done. */
  [SESSIONS_CLEAR]: (done: (cleared: true) => void) => void;
}
