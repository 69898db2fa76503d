import type { ChatSearchHit } from '@portal/contracts/chat';
import { MP_TYPE_GROUP, MP_TYPE_PERSON, TO_USER_TYPE_GROUP } from '@portal/contracts/chat';
import { Empty, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { searchMessages } from '../api/search-messages.ts';
import { chatClient } from '../lib/chat-runtime.ts';
import { previewOf } from './message-item.tsx';
import { formatTenantTime } from '../../../lib/time-zone.ts';
import { SearchInput } from '../../../components/search-input.tsx';
import { clearable } from '../../../components/clearable.tsx';

/** How many older history pages a jump to a hit may load to reach it. */
const JUMP_MAX_PAGES = 20;

/**
 * Opens the hit's conversation and shows the message with what surrounds it: older pages are loaded until it is
 * there, then it is scrolled into view and marked for a moment.
 */
export async function jumpToHit(hit: ChatSearchHit): Promise<void> {
  const group = hit.message.toUserType === TO_USER_TYPE_GROUP;
  await chatClient.open({
    jid: hit.peerId,
    name: hit.peerName,
    mpType: group ? MP_TYPE_GROUP : MP_TYPE_PERSON,
    toUserType: hit.message.toUserType,
  });
  const held = () => chatClient.store.getState().conversations[hit.peerId];
  for (
    let i = 0;
    i < JUMP_MAX_PAGES && !held()?.messages.some((m) => m.messageId === hit.message.messageId) && held()?.hasMore;
    i++
  ) {
    await chatClient.loadOlder(hit.peerId).catch(() => undefined);
  }
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(hit.message.messageId)}"]`);
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.classList.add('chat-message-hit');
    setTimeout(() => el.classList.remove('chat-message-hit'), 3000);
  });
}

/** The search tab of the chat panel: the user's own conversations, best hits first; a hit opens where it is. */
export function MessageSearch({ onJump }: { onJump: (hit: ChatSearchHit) => void }) {
  const { t } = useTranslation();
  const [hits, setHits] = useState<ChatSearchHit[] | null>(null);
  const [loading, setLoading] = useState(false);
  const run = async (keyword: string) => {
    if (!keyword.trim()) return setHits(null);
    setLoading(true);
    try {
      setHits(await searchMessages(keyword.trim()));
    } catch {
      setHits([]);
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="chat-search" style={{ padding: 8 }}>
      <SearchInput
        allowClear={clearable(t)}
        placeholder={t('chat.search.placeholder')}
        aria-label={t('chat.search.label')}
        onSearch={(v) => void run(v)}
        enterButton
      />
      {loading ? (
        <Spin style={{ display: 'block', margin: 16 }} />
      ) : hits === null ? null : hits.length === 0 ? (
        <Empty description={t('chat.search.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="chat-conversations" aria-label={t('chat.search.results')}>
          {hits.map((h) => (
            <li key={`${h.peerId}-${h.seq}`}>
              <button type="button" className="chat-conversation" onClick={() => onJump(h)}>
                <span className="chat-conversation-top">
                  <span className="chat-conversation-name">{h.peerName}</span>
                  <time className="chat-conversation-time">{formatTenantTime(h.message.timeSend, 'MM-DD HH:mm')}</time>
                </span>
                <span className="chat-conversation-bottom">
                  <span className="chat-conversation-preview">
                    {h.message.toUserType === TO_USER_TYPE_GROUP ? `${h.message.fromUserName}${t('app.colon')}` : ''}
                    {previewOf(h.message.type, h.message.content, t)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
