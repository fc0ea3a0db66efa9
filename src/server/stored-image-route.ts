import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { sendStoredImage, storedImageAnswers } from './http.ts';

type StoredImage = { mimeType: string; bytes: Buffer; hash: string };

/**
 * GET `url` (`…/:id/…/:hash`): a stored picture at a hashed address — a photo, a logo, an account
 * image. Public (an <img> sends no bearer token), cacheable for good since the address changes with
 * the picture; `read` finds it by id and hash or answers 404.
 */
export const storedImageRoute = (
  fastify: FastifyInstance,
  url: string,
  doc: { tags: string[]; summary: string; description?: string; operationId?: string; hashLength: 32 | 64 },
  read: (db: Db, id: string, hash: string) => Promise<StoredImage>,
) => {
  const { hashLength, ...text } = doc;
  fastify.withTypeProvider<ZodTypeProvider>().get(
    url,
    {
      config: { public: true },
      schema: {
        ...text,
        security: [],
        params: z.object({ id: z.uuid(), hash: z.string().regex(new RegExp(`^[0-9a-f]{${hashLength}}$`)) }),
        produces: ['image/*'],
        response: storedImageAnswers,
      },
    },
    async (request, reply) =>
      sendStoredImage(request, reply, await read(request.server.database.db, request.params.id, request.params.hash)),
  );
};
