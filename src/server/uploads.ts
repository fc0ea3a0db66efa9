import type { FastifyRequest } from 'fastify';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../shared/errors.ts';
import { serverMessages } from './server.messages.ts';

/**
 * The one file of a multipart upload (field "file"), read whole. Not multipart: 415. Past the
 * multipart plugin's size limit: 413 with `tooLargeMessage`. Cut off, malformed or without a
 * file: 400 (never a 500).
 */
export const readSingleFile = async (
  request: FastifyRequest,
  tooLargeMessage: string,
): Promise<{ fileName: string; bytes: Buffer }> => {
  if (!request.isMultipart()) throw unsupportedMediaType(serverMessages.uploadNotMultipart);
  const tooLarge = () => payloadTooLarge(tooLargeMessage, { file: tooLargeMessage });
  let file: { fileName: string; bytes: Buffer } | undefined;
  try {
    const part = await request.file();
    if (part) {
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      file = { fileName: part.filename, bytes };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (error instanceof Error && error.name === 'AppError') throw error;
    throw badRequest({ file: serverMessages.uploadMalformed }, serverMessages.uploadMalformed);
  }
  if (!file) throw badRequest({ file: serverMessages.fileMissing }, serverMessages.fileMissing);
  return file;
};
