// Private rooms, so that sockets can be found on any instance by session, by user, or by user
// within one workspace (the socket.io adapter only unites rooms, it cannot intersect them).
export const sessionRoom = (sessionId: string) => `session-${sessionId}`;
export const userRoom = (userId: string) => `user-${userId}`;
export const memberRoom = (tenantId: string, userId: string) => `member-${tenantId}-${userId}`;
/** The sockets showing a live session (presence). */
export const presenceRoom = (sessionId: string) => `live-${sessionId}`;
