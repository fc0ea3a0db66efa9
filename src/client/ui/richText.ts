// Small pure helpers for rich text (HTML from the editor), usable without loading the editor.

/** Whether editor HTML holds no text and no image ('<p></p>', whitespace, empty blocks). */
export const richTextIsEmpty = (html: string | null | undefined): boolean => {
  if (!html) return true;
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
};
