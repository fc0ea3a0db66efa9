import { bigserial, customType, pgTable, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The table @socket.io/postgres-adapter uses for payloads too large for NOTIFY. Its shape is
 * the adapter's; it lives in our migrations so every database has it before instances start.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial({ mode: 'number' }).unique(),
  createdAt: timestamp({ withTimezone: true }).defaultNow(),
  payload: bytea(),
});
