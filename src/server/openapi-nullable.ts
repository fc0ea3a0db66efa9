// OpenAPI 3.0 says an `enum` lists every allowed value, `null` included: `nullable: true` beside
// an enum without null still refuses null in a validating client (Ajv, generators). zod writes
// `{ nullable: true, enum: ['2','3','4'] }` for `z.enum([...]).nullable()`; this adds the null,
// so a nullable enum the server answers with null (an agenda item's taskType) validates.

type Json = unknown;

/** The document with `null` added to the `enum` of every nullable schema (in place). */
export const nullableEnumsAllowNull = <T extends Json>(document: T): T => {
  const stack: Json[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (typeof node === 'object' && node !== null) {
      const schema = node as { nullable?: unknown; enum?: unknown[] };
      if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
        schema.enum = [...schema.enum, null];
      stack.push(...Object.values(node));
    }
  }
  return document;
};
