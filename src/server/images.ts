import { timingSafeEqual } from 'node:crypto';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { meetings } from '../db/schema/index.ts';
import { API_ROOT, IMAGE_TYPES } from '../shared/constants.ts';
import { notFound } from '../shared/errors.ts';
import { failures } from './http.ts';

// A meeting's image is stored as a data URL but never sent inside JSON (decision 039): answers
// carry `/api/v2/images/meetings/{id}/{md5 of the picture}`, and this route serves the bytes with
// caching headers. (People's photos are files with addresses of their own, decision 031.) The address changes with the picture, so it may
// be cached for a year; the hash in it is the capability (an <img> sends no bearer token): it
// can only be known by someone who was given it in an answer, i.e. who may see the picture.

const OWNERS = {
  meetings: { table: meetings, id: meetings.id, image: meetings.image },
} as const;
export type ImageOwner = keyof typeof OWNERS;

/** The address of a picture, computed by the database (the picture itself is not read into Node). */
export const imageUrlSql = (kind: ImageOwner, id: AnyColumn, image: AnyColumn): SQL<string | null> =>
  sql<
    string | null
  >`case when ${image} is null then null else ${`${API_ROOT}/images/${kind}/`} || ${id} || '/' || md5(${image}) end`;

const DATA_URL = /^data:(image\/[a-z+.-]+);base64,([A-Za-z0-9+/=]+)$/;

/** A stored picture as bytes with its type, or null when it is not one of IMAGE_TYPES. */
export const decodeImage = (dataUrl: string): { type: string; bytes: Buffer } | null => {
  const match = DATA_URL.exec(dataUrl);
  if (!match || !(IMAGE_TYPES as readonly string[]).includes(match[1]!)) return null;
  return { type: match[1]!, bytes: Buffer.from(match[2]!, 'base64') };
};

const ZImageParams = z.object({
  kind: z.enum(['meetings']),
  id: z.uuid(),
  hash: z.string().regex(/^[0-9a-f]{32}$/),
});

export const registerImages = (app: FastifyInstance, database: Database) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${API_ROOT}/images/:kind/:id/:hash`,
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'A meeting’s image, at the address an answer gave',
        description:
          'The bytes (PNG, JPEG, GIF or WebP) with `Cache-Control: private, max-age=31536000, immutable`: ' +
          'the address changes with the picture. 404 when the picture changed or is gone.',
        security: [],
        params: ZImageParams,
        response: { 200: z.any().describe('The image'), ...failures(404) },
      },
    },
    async (request, reply) => {
      const { kind, id, hash } = request.params;
      const owner = OWNERS[kind];
      const [row] = await database.db
        .select({ image: owner.image, hash: sql<string | null>`md5(${owner.image})` })
        .from(owner.table)
        .where(eq(owner.id, id));
      const found = row?.image && row.hash ? decodeImage(row.image) : null;
      if (!found || !timingSafeEqual(Buffer.from(row!.hash!), Buffer.from(hash))) throw notFound();
      return reply
        .header('content-type', found.type)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', `"${hash}"`)
        .send(found.bytes);
    },
  );
};
