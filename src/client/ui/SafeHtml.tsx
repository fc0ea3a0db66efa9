import { Box, type BoxProps, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '../../shared/richText.ts';

// Stored rich text (descriptions, comments) shown as HTML. The server already sanitized it;
// DOMPurify runs again here so that nothing that reaches the page can run: no script, no event
// handlers, no javascript:/data: links, no forms or frames. Links open in a new tab without
// the opener.

const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
/** http(s) and mailto links; images only over http(s) or as blob: URLs made by this page. */
const SAFE_URL = /^(?:https?:|mailto:|\/(?!\/)|#)/i;
const SAFE_IMAGE = /^(?:https?:|blob:|\/(?!\/))/i;

let hooked = false;
const purifier = () => {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        const href = node.getAttribute('href');
        if (href && !SAFE_URL.test(href.trim())) node.removeAttribute('href');
        if (node.hasAttribute('href')) {
          node.setAttribute('target', '_blank');
          node.setAttribute('rel', 'noopener noreferrer nofollow');
        }
      }
      if (node.tagName === 'IMG') {
        const src = node.getAttribute('src');
        if (!src || !SAFE_IMAGE.test(src.trim())) node.removeAttribute('src');
      }
    });
  }
  return DOMPurify;
};

/** The HTML with everything that could run removed. */
export const sanitizeForDisplay = (html: string): string =>
  purifier().sanitize(html, {
    ALLOWED_TAGS: RICH_TEXT_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });

export const SafeHtml = ({ html, ...box }: { html: string } & BoxProps & { 'data-testid'?: string }) => {
  const clean = useMemo(() => sanitizeForDisplay(html), [html]);
  return (
    <Typography>
      <Box
        {...box}
        style={{ overflowWrap: 'anywhere' }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    </Typography>
  );
};
