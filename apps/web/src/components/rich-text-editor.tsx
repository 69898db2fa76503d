import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { sanitizeRichText } from '../lib/rich-text.ts';

type Labels = {
  bold: string;
  italic: string;
  underline: string;
  orderedList: string;
  bulletList: string;
  link: string;
  linkPrompt: string;
};

/**
 * A small rich-text editor (bold, italic, underline, lists, links) over a contentEditable area. What it hands out
 * is cleaned with the same allow-list as guides and notices (lib/rich-text.ts; the server cleans again), so a
 * pasted script or event handler never leaves it.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  labels,
  id,
}: {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
  labels: Labels;
  id?: string;
}) {
  const area = useRef<HTMLDivElement>(null);
  const last = useRef<string>('');
  useEffect(() => {
    const el = area.current;
    if (!el || (value ?? '') === last.current) return;
    el.innerHTML = sanitizeRichText(value ?? '');
    last.current = value ?? '';
  }, [value]);
  const emit = () => {
    const html = sanitizeRichText(area.current?.innerHTML ?? '');
    last.current = html;
    onChange?.(html);
  };
  const run = (command: string, arg?: string) => {
    area.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };
  const tools: Array<{ key: string; icon: React.ReactNode; title: string; act: () => void }> = [
    { key: 'bold', icon: <BoldOutlined aria-hidden />, title: labels.bold, act: () => run('bold') },
    { key: 'italic', icon: <ItalicOutlined aria-hidden />, title: labels.italic, act: () => run('italic') },
    { key: 'underline', icon: <UnderlineOutlined aria-hidden />, title: labels.underline, act: () => run('underline') },
    {
      key: 'ol',
      icon: <OrderedListOutlined aria-hidden />,
      title: labels.orderedList,
      act: () => run('insertOrderedList'),
    },
    {
      key: 'ul',
      icon: <UnorderedListOutlined aria-hidden />,
      title: labels.bulletList,
      act: () => run('insertUnorderedList'),
    },
    {
      key: 'link',
      icon: <LinkOutlined aria-hidden />,
      title: labels.link,
      act: () => {
        const url = window.prompt(labels.linkPrompt, 'https://');
        if (url && /^https?:\/\//i.test(url)) run('createLink', url);
      },
    },
  ];
  return (
    <div className="rich-text-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space
        size={2}
        style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}
        role="toolbar"
        aria-label={label}
      >
        {tools.map((t) => (
          <Tooltip key={t.key} title={t.title}>
            <Button
              type="text"
              size="small"
              icon={t.icon}
              aria-label={t.title}
              onMouseDown={(e) => e.preventDefault()}
              onClick={t.act}
            />
          </Tooltip>
        ))}
      </Space>
      <div
        id={id}
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        style={{ minHeight: 160, padding: '8px 11px', outline: 'none' }}
      />
    </div>
  );
}
