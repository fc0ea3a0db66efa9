import { describe, expect, it } from 'vitest';
import { placeholdersOf, renderEmail, templateTextError } from './emailRender.ts';
import { EMAIL_TEMPLATE_KEYS, EMAIL_TEMPLATES, sampleValues } from './emailTemplates.ts';

describe('email rendering (decision 050)', () => {
  it('fills variables as they are in the text part and escaped in the HTML part', () => {
    const mail = renderEmail(
      { subject: 'Hi {{ firstName }}\n', message: 'A & B <i>{{firstName}}</i>: {{link}} {{message}}' },
      { firstName: '<b>"Bo"</b>', link: 'http://x.test/?a=1&b=2' },
    );
    expect(mail.subject).toBe('Hi <b>"Bo"</b>');
    expect(mail.text).toBe('A & B <i><b>"Bo"</b></i>: http://x.test/?a=1&b=2 ');
    expect(mail.html).toContain(
      'A &amp; B &lt;i&gt;&lt;b&gt;&quot;Bo&quot;&lt;/b&gt;&lt;/i&gt;: <a href="http://x.test/?a=1&amp;b=2">http://x.test/?a=1&amp;b=2</a> ',
    );
  });

  it('keeps a subject to one line and makes only http(s) link values links', () => {
    const mail = renderEmail(
      { subject: '{{message}}', message: '{{link}}' },
      { message: 'a\r\nb', link: 'javascript:alert(1)' },
    );
    expect(mail.subject).toBe('a b');
    expect(mail.html).not.toContain('<a ');
  });

  it('names unknown and foreign variables and a missing link', () => {
    expect(placeholdersOf('{{ a }} {{b}} {c}')).toEqual(['a', 'b']);
    expect(templateTextError('reset-password', 'message', '{{link}} {{toString}}')).toBe(
      'Unknown variable: {{toString}}',
    );
    expect(templateTextError('reset-password', 'subject', '{{summary}}')).toBe(
      '{{summary}} cannot be used in this email',
    );
    expect(templateTextError('reset-password', 'subject', 'No link needed here')).toBeNull();
    expect(templateTextError('reset-password', 'message', 'No link')).toBe(
      'This email needs {{link}}: keep it in the message',
    );
  });

  it('has defaults that pass their own checks and use every value the samples give', () => {
    for (const key of EMAIL_TEMPLATE_KEYS) {
      const { subject, message } = EMAIL_TEMPLATES[key];
      expect(templateTextError(key, 'subject', subject), key).toBeNull();
      expect(templateTextError(key, 'message', message), key).toBeNull();
      const preview = renderEmail({ subject, message }, sampleValues(key, 'http://x.test'));
      expect(preview.text, key).not.toMatch(/\{\{/);
    }
  });
});
