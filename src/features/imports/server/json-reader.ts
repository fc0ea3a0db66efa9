import { badRequest } from '../../../shared/errors.ts';
import { importsMessages } from '../imports.messages.ts';

// Reading an uploaded JSON export (decision 121): UTF-8 only (JSON's own encoding), its nesting
// measured before it is parsed so a hostile file of a million brackets is refused in one pass
// instead of reaching a parser or a validator that recurses.

/** Deeper than any board export: Trello's nests about six levels. */
export const JSON_MAX_DEPTH = 64;

const fileError = (message: string) => badRequest({ file: message }, message);

/** The deepest nesting of objects and arrays in the text, stopping once past `limit`. */
export const jsonDepth = (text: string, limit: number) => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return deepest;
};

/** The JSON value of an uploaded file; a 400 that says why when it is not JSON. */
export const readJson = (bytes: Buffer): unknown => {
  if (bytes.length === 0) throw fileError(importsMessages.fileEmpty);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw fileError(importsMessages.jsonNotUtf8);
  }
  if (text.trim() === '') throw fileError(importsMessages.fileEmpty);
  if (jsonDepth(text, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) throw fileError(importsMessages.jsonTooDeep(JSON_MAX_DEPTH));
  try {
    return JSON.parse(text);
  } catch {
    throw fileError(importsMessages.jsonBroken);
  }
};
