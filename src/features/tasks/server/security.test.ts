import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { type SignedUp, signUp } from '../../../../test/factories.ts';
import { activities, tasks } from '../../../db/schema/index.ts';
import { messages } from '../../../shared/messages.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Activity, Attachment, Task } from '../tasks.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

/** 50 script, event-handler and javascript: payloads. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.test/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(1);">',
  '<img src=javascript:alert(1)>',
  '<img src=`javascript:alert(1)`>',
  '<img """><script>alert(1)</script>">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a onmouseover="alert(1)">x</a>',
  '<p onclick="alert(1)">x</p>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<base href="javascript:alert(1)//">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<table background="javascript:alert(1)">',
  '<x onclick=alert(1)>click</x>',
  '<img src="https://ok.test/a.png" onload="alert(1)">',
  '<p>fine</p><script>document.cookie</script>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
];

const decodeEntities = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '');

const ALLOWED_TAGS = /^(p|br|strong|b|em|i|u|s|strike|code|pre|blockquote|ul|ol|li|h[1-6]|hr|a|img|span|mark)$/i;

/** Inert HTML: only harmless tags, no event handlers, no script-capable URLs. */
const expectInertHtml = (html: string) => {
  expect(html).not.toMatch(/<\s*script/i);
  for (const [tag] of html.matchAll(/<\/?\s*([a-z0-9-]+)[^>]*>/gi)) {
    const name = /<\/?\s*([a-z0-9-]+)/i.exec(tag)![1]!;
    expect(name, tag).toMatch(ALLOWED_TAGS);
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag).not.toMatch(/\sstyle\s*=/i);
    for (const [, value] of tag.matchAll(/\s(?:href|src|action|background|xlink:href)\s*=\s*"([^"]*)"/gi)) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore control characters in URLs
      const url = decodeEntities(value!).replace(/[\s\u0000-\u001f]/g, '');
      // A scheme, if any, is http(s) or mailto; anything else is a relative link.
      if (/^[a-z][a-z0-9+.-]*:/i.test(url)) expect(url).toMatch(/^(https?|mailto):/i);
    }
  }
};

/** Inert plain text: nothing that a browser would read as a tag. */
const expectInertText = (text: string) => expect(text).not.toMatch(/<[a-z!/?]/i);

const owner = async (): Promise<SignedUp> => signUp(app);

describe('rich text and titles are stored inert', () => {
  it(`sanitizes ${PAYLOADS.length} payloads in titles, descriptions and comments`, async () => {
    expect(PAYLOADS).toHaveLength(50);
    const who = await owner();
    for (const payload of PAYLOADS) {
      const created = await who.api.post<Task>('/tasks', {
        title: `T ${payload}`,
        description: payload,
        userId: who.userId,
      });
      expect(created.status, payload).toBe(201);
      const [row] = await app.database.db.select().from(tasks).where(eq(tasks.id, created.body.result.id));
      expectInertText(row!.title);
      expectInertHtml(row!.description ?? '');
      expect(created.body.result.description).toBe(row!.description);

      const comment = await who.api.post<Activity>('/activities', {
        taskId: row!.id,
        description: `<p>ok</p>${payload}`,
      });
      expect(comment.status, payload).toBe(201);
      const [stored] = await app.database.db.select().from(activities).where(eq(activities.id, comment.body.result.id));
      expectInertHtml(stored!.description);
    }
  });

  it('keeps the editor’s formatting, safe links and plain text as typed', async () => {
    const who = await owner();
    const created = await who.api.post<Task>('/tasks', {
      title: 'Q&A: a < b',
      description:
        '<p><strong>Bold</strong> <em>it</em> <a href="https://example.test/x">link</a></p><ul><li>one</li></ul>',
      userId: who.userId,
    });
    expect(created.body.result.title).toBe('Q&A: a < b');
    expect(created.body.result.description).toBe(
      '<p><strong>Bold</strong> <em>it</em> <a href="https://example.test/x" target="_blank" rel="noopener noreferrer nofollow">link</a></p><ul><li>one</li></ul>',
    );
  });
});

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const upload = (token: string, taskId: string, fileName: string, bytes: Buffer) => {
  const boundary = '----cadence-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/v2/tasks/${taskId}/attachments`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
};

describe('attachments', () => {
  it('stores a real image, serves it back, and removes it', async () => {
    const who = await owner();
    const task = (await who.api.post<Task>('/tasks', { title: 'With file', userId: who.userId })).body.result;
    const answer = await upload(who.token, task.id, 'dot.png', PNG);
    expect(answer.statusCode).toBe(201);
    const attachment = answer.json().result as Attachment;
    expect(attachment).toMatchObject({ fileName: 'dot.png', mimeType: 'image/png', size: PNG.length, isImage: true });
    const file = await app.inject({
      method: 'GET',
      url: attachment.url,
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await who.api.get<Task>(`/tasks/${task.id}`)).body.result.attachmentCount).toBe(1);
    const stranger = await owner();
    const hidden = await app.inject({
      method: 'GET',
      url: attachment.url,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(hidden.statusCode).toBe(404);
    expect((await who.api.delete(`/attachments/${attachment.id}`)).status).toBe(200);
    expect((await who.api.get<Attachment[]>(`/tasks/${task.id}/attachments`)).body.result).toEqual([]);
  });

  it('refuses a disguised file, a forbidden type and a file over the limit, with a clear message', async () => {
    const who = await owner();
    const task = (await who.api.post<Task>('/tasks', { title: 'With file', userId: who.userId })).body.result;
    const disguised = await upload(
      who.token,
      task.id,
      'cat.png',
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe(tasksMessages.fileTypeMismatch);

    const exe = Buffer.alloc(512);
    exe.write('MZ', 0);
    exe.writeUInt32LE(128, 60);
    exe.write('PE\0\0', 128, 'latin1');
    const program = await upload(who.token, task.id, 'notes.txt', exe);
    expect(program.statusCode).toBe(400);
    expect([tasksMessages.fileTypeNotAllowed, tasksMessages.fileTypeMismatch]).toContain(program.json().message);

    const huge = await upload(who.token, task.id, 'big.png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(messages.fileTooLarge(10));
    expect((await who.api.get<Attachment[]>(`/tasks/${task.id}/attachments`)).body.result).toEqual([]);
  });
});
