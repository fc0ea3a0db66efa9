import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

export { richTextIsEmpty } from './richText.ts';

// A rich-text field for any feature (card descriptions, comments, …). The Tiptap editor is a
// separate chunk loaded on first use, so it stays out of the initial bundle. It gives HTML
// ('' when empty); show stored HTML with SafeHtml, never with dangerouslySetInnerHTML.

export interface RichTextEditorProps {
  /** HTML; the editor starts with it and follows later changes while it is not focused. */
  value: string | null;
  onChange?: (html: string) => void;
  onBlur?: (html: string) => void;
  /** Called when the editor takes a value changed elsewhere (it does not while focused). */
  onValueShown?: (html: string) => void;
  label?: string;
  description?: string;
  placeholder?: string;
  error?: string | null;
  readOnly?: boolean;
  minHeight?: number;
  autoFocus?: boolean;
  /** Fewer toolbar buttons (comments). */
  compact?: boolean;
}

const Editor = lazy(async () => ({ default: (await import('./RichTextEditorImpl.tsx')).RichTextEditorImpl }));

export const RichTextEditor = (props: RichTextEditorProps) => (
  <Suspense
    fallback={
      <Input.Wrapper label={props.label} description={props.description} labelElement="div">
        <Skeleton h={(props.minHeight ?? 120) + (props.readOnly ? 0 : 40)} mt={4} radius="sm" />
      </Input.Wrapper>
    }
  >
    <Editor {...props} />
  </Suspense>
);
