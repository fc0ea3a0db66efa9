import '@mantine/tiptap/styles.layer.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor as MantineEditor } from '@mantine/tiptap';
import Placeholder from '@tiptap/extension-placeholder';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef } from 'react';
import type { RichTextEditorProps } from './RichTextEditor.tsx';
import { richTextIsEmpty } from './richText.ts';

// The Tiptap editor behind RichTextEditor (loaded lazily: it is heavy and only dialogs use it).
// Tiptap through @mantine/tiptap: StarterKit without its link, plus Mantine's Link (http(s) and
// mailto only, never opened on click while editing). The server sanitizes what is saved.

export const RichTextEditorImpl = ({
  value,
  onChange,
  onBlur,
  onValueShown,
  label,
  description,
  placeholder,
  error,
  readOnly = false,
  minHeight = 120,
  autoFocus = false,
  compact = false,
}: RichTextEditorProps) => {
  const id = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onBlurRef = useRef(onBlur);
  onBlurRef.current = onBlur;
  const onValueShownRef = useRef(onValueShown);
  onValueShownRef.current = onValueShown;
  const editor = useEditor({
    immediatelyRender: false,
    editable: !readOnly,
    autofocus: autoFocus ? 'end' : false,
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        protocols: ['http', 'https', 'mailto'],
        isAllowedUri: (url, ctx) => /^(https?:|mailto:)/i.test(url) && ctx.defaultValidate(url),
      }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true' } : {}),
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      onChangeRef.current?.(richTextIsEmpty(html) ? '' : html);
    },
    onBlur: ({ editor: current }) => {
      const html = current.getHTML();
      onBlurRef.current?.(richTextIsEmpty(html) ? '' : html);
    },
  });

  useEffect(() => {
    editor?.setEditable(!readOnly);
  }, [editor, readOnly]);

  // A value changed elsewhere (someone else saved) replaces the text unless it is being edited.
  useEffect(() => {
    if (!editor || editor.isFocused) return;
    const current = editor.getHTML();
    const next = value ?? '';
    if (current === next || (richTextIsEmpty(current) && richTextIsEmpty(next))) return;
    editor.commands.setContent(next, { emitUpdate: false });
    onValueShownRef.current?.(next);
  }, [editor, value]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: `${id}-label` }}
      description={description}
      error={error}
      // The label names the editable area (aria-labelledby), not a form control.
      labelElement="div"
    >
      <MantineEditor
        editor={editor}
        mt={label || description ? 4 : 0}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        {!readOnly && (
          <MantineEditor.Toolbar>
            <MantineEditor.ControlsGroup>
              <MantineEditor.Bold />
              <MantineEditor.Italic />
              <MantineEditor.Underline />
              <MantineEditor.Strikethrough />
              {!compact && <MantineEditor.Code />}
            </MantineEditor.ControlsGroup>
            {!compact && (
              <MantineEditor.ControlsGroup>
                <MantineEditor.H3 />
                <MantineEditor.H4 />
                <MantineEditor.Blockquote />
              </MantineEditor.ControlsGroup>
            )}
            <MantineEditor.ControlsGroup>
              <MantineEditor.BulletList />
              <MantineEditor.OrderedList />
            </MantineEditor.ControlsGroup>
            <MantineEditor.ControlsGroup>
              <MantineEditor.Link />
              <MantineEditor.Unlink />
            </MantineEditor.ControlsGroup>
          </MantineEditor.Toolbar>
        )}
        <MantineEditor.Content />
      </MantineEditor>
    </Input.Wrapper>
  );
};
