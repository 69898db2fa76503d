import { ROBOT_QUESTION_MAX_LENGTH, type FaqBrief, type RobotSearchResult } from '@portal/contracts/assistant';
import { Button, Input, Modal, Space, Spin, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { tabsMore } from '../../../components/tabs-more.tsx';
import { serverText, useConfiguredText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useRobotGreet } from '../api/get-robot-greet.ts';
import { useRobotRecommendList } from '../api/get-robot-recommend-list.ts';
import { getRobotWantAnswer } from '../api/get-robot-want-answer.ts';
import { robotIsSolve } from '../api/robot-is-solve.ts';
import { robotRecordQuestion } from '../api/robot-record-question.ts';
import { robotSearch } from '../api/robot-search.ts';
import './assistant.css';
import { RobotAvatar } from './robot-avatar.tsx';
import { FeedbackForm, FeedbackProgress } from './robot-feedback.tsx';

type Turn =
  | { kind: 'question'; id: number; text: string }
  | {
      kind: 'answer';
      id: number;
      question: string;
      result: RobotSearchResult;
      feedback: 'none' | 'solved' | 'unsolved' | 'recorded' | 'writing' | 'saved';
    };

/**
 * The robot assistant conversation (7.8): greeting and recommended questions, suggestions while typing,
 * answers from the FAQ and the service guides, whether an answer solved the question, and passing an
 * unanswered question on to the administrators.
 */
export function RobotWindow({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const configured = useConfiguredText();
  const robotConfig = useSession((s) => s.robotConfig);
  const greet = useRobotGreet(open);
  const [sceneId, setSceneId] = useState('');
  const sceneQuestions = useRobotRecommendList(sceneId, open && !!sceneId);
  const recommend = sceneId ? (sceneQuestions.data ?? []) : (greet.data?.recommend ?? []);
  const [question, setQuestion] = useState('');
  const [tab, setTab] = useState('chat');
  const [suggestions, setSuggestions] = useState<FaqBrief[]>([]);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [asking, setAsking] = useState(false);
  const seq = useRef(0);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const q = question.trim();
    if (!q) return setSuggestions([]);
    const timer = setTimeout(() => {
      getRobotWantAnswer(q)
        .then(setSuggestions)
        .catch(() => setSuggestions([]));
    }, 300);
    return () => clearTimeout(timer);
  }, [question]);
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [turns.length]);

  const ask = async (text: string) => {
    const q = text.trim();
    if (!q || asking) return;
    setQuestion('');
    setSuggestions([]);
    setTurns((ts) => [...ts, { kind: 'question', id: ++seq.current, text: q }]);
    setAsking(true);
    try {
      const result = await robotSearch(q);
      setTurns((ts) => [...ts, { kind: 'answer', id: ++seq.current, question: q, result, feedback: 'none' }]);
    } catch {
      // Shown by the HTTP layer.
    } finally {
      setAsking(false);
    }
  };
  const setFeedback = (id: number, feedback: Exclude<Extract<Turn, { kind: 'answer' }>['feedback'], 'none'>) =>
    setTurns((ts) => ts.map((x) => (x.kind === 'answer' && x.id === id ? { ...x, feedback } : x)));
  const solve = async (turn: Extract<Turn, { kind: 'answer' }>, solved: boolean) => {
    await robotIsSolve(turn.result.recordId, solved);
    setFeedback(turn.id, solved ? 'solved' : 'unsolved');
  };
  const record = async (turn: Extract<Turn, { kind: 'answer' }>) => {
    await robotRecordQuestion(turn.question, turn.result.recordId);
    setFeedback(turn.id, 'recorded');
  };

  // The robot's configured name and greeting in the interface's language (ADR 0074): the greet call's, else the session's.
  const robot = greet.data ?? robotConfig;
  const name = robot ? configured(robot.robotName, robot.robotNameEn) : t('assistant.robot.title');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={
        <span className="robot-title">
          <RobotAvatar src={robot?.robotAvatar} size={28} />
          {name}
        </span>
      }
      width={640}
      destroyOnHidden
    >
      <Tabs
        // On a phone the two tabs may not fit: the button listing the hidden one says what it is (更多 / More).
        more={tabsMore(t('nav.more'))}
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'chat',
            label: t('assistant.robot.chatTab'),
            children: (
              <>
                <div className="robot-log" ref={logRef} role="log" aria-live="polite" aria-label={name} tabIndex={0}>
                  <ol className="robot-turns">
                    <li className="robot-turn robot">
                      <p>{robot && configured(robot.greeting, robot.greetingEn)}</p>
                      {greet.isLoading && <Spin size="small" />}
                      {!!greet.data?.scenes.length && (
                        <div className="robot-scenes" role="group" aria-label={t('assistant.robot.scenes')}>
                          {[{ dictKey: '', dictValue: t('assistant.robot.allScenes') }, ...greet.data.scenes].map(
                            (scene) => (
                              <Button
                                key={scene.dictKey}
                                size="small"
                                type={scene.dictKey === sceneId ? 'primary' : 'default'}
                                aria-pressed={scene.dictKey === sceneId}
                                onClick={() => setSceneId(scene.dictKey)}
                              >
                                {scene.dictValue}
                              </Button>
                            ),
                          )}
                        </div>
                      )}
                      {!!recommend.length && (
                        <>
                          <p className="robot-subtitle">{t('assistant.robot.recommend')}</p>
                          <ul className="robot-questions">
                            {recommend.map((q) => (
                              <li key={q.id}>
                                <Button type="link" size="small" onClick={() => void ask(q.question)}>
                                  {q.question}
                                </Button>
                              </li>
                            ))}
                          </ul>
                        </>
                      )}
                    </li>
                    {turns.map((turn) =>
                      turn.kind === 'question' ? (
                        <li key={turn.id} className="robot-turn user">
                          <p>{turn.text}</p>
                        </li>
                      ) : (
                        <li key={turn.id} className="robot-turn robot">
                          {/* No answer: the server's fixed reply (ROBOT_TEXTS.noAnswer), in the interface's language. */}
                          <p style={{ whiteSpace: 'pre-wrap' }}>
                            {turn.result.answered ? turn.result.reply : serverText(turn.result.reply)}
                          </p>
                          {turn.result.answer?.url && (
                            <a href={turn.result.answer.url} target="_blank" rel="noreferrer">
                              {t('assistant.robot.viewGuide')}
                            </a>
                          )}
                          {!!turn.result.related.length && (
                            <>
                              <p className="robot-subtitle">{t('assistant.robot.related')}</p>
                              <ul className="robot-questions">
                                {turn.result.related.map((q) => (
                                  <li key={q.id}>
                                    <Button type="link" size="small" onClick={() => void ask(q.question)}>
                                      {q.question}
                                    </Button>
                                  </li>
                                ))}
                              </ul>
                            </>
                          )}
                          {turn.feedback === 'none' && turn.result.answered && (
                            <Space wrap>
                              <span>{t('assistant.robot.solvedQuestion')}</span>
                              <Button size="small" onClick={() => void solve(turn, true)}>
                                {t('assistant.robot.solved')}
                              </Button>
                              <Button size="small" onClick={() => void solve(turn, false)}>
                                {t('assistant.robot.unsolved')}
                              </Button>
                            </Space>
                          )}
                          {(turn.feedback === 'unsolved' || (turn.feedback === 'none' && !turn.result.answered)) && (
                            <Space wrap>
                              <Button size="small" onClick={() => void record(turn)}>
                                {t('assistant.robot.recordQuestion')}
                              </Button>
                              <Button size="small" onClick={() => setFeedback(turn.id, 'writing')}>
                                {t('assistant.robot.feedback')}
                              </Button>
                            </Space>
                          )}
                          {turn.feedback === 'writing' && (
                            <FeedbackForm
                              question={turn.question}
                              recordId={turn.result.recordId}
                              onDone={() => setFeedback(turn.id, 'saved')}
                            />
                          )}
                          {turn.feedback === 'solved' && (
                            <p className="robot-subtitle">{t('assistant.robot.thanks')}</p>
                          )}
                          {turn.feedback === 'recorded' && (
                            <p className="robot-subtitle">{t('assistant.robot.recorded')}</p>
                          )}
                          {turn.feedback === 'saved' && (
                            <p className="robot-subtitle">{t('assistant.robot.feedbackSaved')}</p>
                          )}
                        </li>
                      ),
                    )}
                    {asking && (
                      <li className="robot-turn robot">
                        <Spin size="small" />
                      </li>
                    )}
                  </ol>
                </div>
                {!!suggestions.length && (
                  <nav aria-label={t('assistant.robot.suggestions')} className="robot-suggestions">
                    <ul className="robot-questions">
                      {suggestions.map((q) => (
                        <li key={q.id}>
                          <Button type="link" size="small" onClick={() => void ask(q.question)}>
                            {q.question}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  </nav>
                )}
                <Space.Compact style={{ width: '100%', marginTop: 12 }}>
                  <Input
                    value={question}
                    onChange={(e) => setQuestion(e.target.value)}
                    aria-label={t('assistant.robot.inputLabel')}
                    placeholder={t('assistant.robot.inputLabel')}
                    maxLength={ROBOT_QUESTION_MAX_LENGTH}
                    onPressEnter={(e) => {
                      if (!(e.nativeEvent as KeyboardEvent).isComposing) void ask(question);
                    }}
                  />
                  <Button type="primary" onClick={() => void ask(question)} loading={asking}>
                    {t('assistant.robot.ask')}
                  </Button>
                </Space.Compact>
              </>
            ),
          },
          {
            key: 'progress',
            label: t('assistant.robot.progressTab'),
            children: <FeedbackProgress active={open && tab === 'progress'} />,
          },
        ]}
      />
    </Modal>
  );
}
