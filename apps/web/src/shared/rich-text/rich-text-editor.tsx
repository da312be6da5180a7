import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Popover, Space, Tooltip } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './rich-text-editor.module.css';

interface Props {
  /** HTML (Form.Item passes the field's value and onChange). */
  value?: string;
  onChange?(html: string): void;
  id?: string;
  'aria-invalid'?: boolean;
}

/** Links the editor keeps: web, mail and telephone addresses (the server's allow list is the same). */
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * The notice editor (tiptap with its starter kit): headings, marks, lists, quotes, code, links, undo.
 * The HTML it writes is sanitised again by the server, whatever arrives.
 */
export function RichTextEditor({ value, onChange, id, ...rest }: Props) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'] } }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        class: styles.editorBody!,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('notice.content'),
        ...(id ? { id } : {}),
        ...(rest['aria-invalid'] ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  // A new value from outside (the form opening another notice) replaces the document.
  useEffect(() => {
    // A remount (the shell restoring its tags) may run this with the editor just destroyed.
    if (!editor || editor.isDestroyed) return;
    const html = value ?? '';
    if (html !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={styles.editor}>
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('codeBlock'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (label: string, icon: ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip title={label} key={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active}
        icon={icon}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  // A button showing text is named by that text first (WCAG 2.5.3: speech users say what they see).
  const text = (label: string, short: string, active: boolean, run: () => void) =>
    tool(`${short} (${label})`, <span className={styles.toolText}>{short}</span>, active, run);

  return (
    <Space size={2} wrap className={styles.toolbar} role="toolbar" aria-label={t('notice.toolbar')}>
      {tool(t('notice.editor.bold'), <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {tool(t('notice.editor.italic'), <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
      {tool(t('notice.editor.underline'), <UnderlineOutlined />, state.underline, () =>
        chain().toggleUnderline().run(),
      )}
      {tool(t('notice.editor.strike'), <StrikethroughOutlined />, state.strike, () =>
        chain().toggleStrike().run(),
      )}
      <Divider orientation="vertical" />
      {text(t('notice.editor.heading', { level: 1 }), 'H1', state.h1, () =>
        chain().toggleHeading({ level: 1 }).run(),
      )}
      {text(t('notice.editor.heading', { level: 2 }), 'H2', state.h2, () =>
        chain().toggleHeading({ level: 2 }).run(),
      )}
      {text(t('notice.editor.heading', { level: 3 }), 'H3', state.h3, () =>
        chain().toggleHeading({ level: 3 }).run(),
      )}
      <Divider orientation="vertical" />
      {tool(t('notice.editor.bulletList'), <UnorderedListOutlined />, state.bullet, () =>
        chain().toggleBulletList().run(),
      )}
      {tool(t('notice.editor.orderedList'), <OrderedListOutlined />, state.ordered, () =>
        chain().toggleOrderedList().run(),
      )}
      {text(t('notice.editor.quote'), '❝', state.quote, () => chain().toggleBlockquote().run())}
      {text(t('notice.editor.code'), '</>', state.code, () => chain().toggleCodeBlock().run())}
      <LinkTool editor={editor} active={state.link} />
      <Divider orientation="vertical" />
      {tool(t('notice.editor.undo'), <UndoOutlined />, false, () => chain().undo().run(), !state.canUndo)}
      {tool(t('notice.editor.redo'), <RedoOutlined />, false, () => chain().redo().run(), !state.canRedo)}
    </Space>
  );
}

/** Sets or removes the link of the selection; only web, mail and telephone addresses are taken. */
function LinkTool({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const valid = SAFE_LINK.test(href.trim());
  const apply = () => {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!href.trim()) chain.unsetLink().run();
    else if (valid) chain.setLink({ href: href.trim() }).run();
    else return;
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
      }}
      trigger="click"
      content={
        <Space.Compact>
          <Input
            autoFocus
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onPressEnter={apply}
            status={href.trim() && !valid ? 'error' : undefined}
            aria-label={t('notice.editor.linkAddress')}
            style={{ width: 260 }}
          />
          <Button type="primary" onClick={apply} disabled={!!href.trim() && !valid}>
            {t('notice.editor.linkApply')}
          </Button>
        </Space.Compact>
      }
    >
      <Tooltip title={t('notice.editor.link')}>
        <Button
          size="small"
          type={active ? 'primary' : 'text'}
          aria-label={t('notice.editor.link')}
          aria-pressed={active}
          icon={<LinkOutlined />}
          onMouseDown={(e) => e.preventDefault()}
        />
      </Tooltip>
    </Popover>
  );
}
