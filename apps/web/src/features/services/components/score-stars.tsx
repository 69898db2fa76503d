import { StarFilled } from '@ant-design/icons';
import { Rate } from 'antd';
import { cloneElement, useEffect, useRef, type CSSProperties, type KeyboardEvent, type ReactElement } from 'react';
import { useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';

export const STAR_COUNT = 5;

/** "1 星" … "5 星" / "1 star" … "5 stars": a score in stars, in the interface's language. */
export const starsText = (t: TFunction, n: number) => t('services.stars', { count: n });

/** A role for Ant Design's Rate, which hands it to its list (its props do not declare it). */
const roleOf = (role: 'radiogroup' | 'img') => ({ role }) as object;

/** The radio group's arrow keys: right and down to the next star, left and up to the one before. */
const ARROW_STEPS: Partial<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** A star drawn, not read: the radio (or the picture) around it carries the name. */
const STAR = <StarFilled aria-hidden="true" />;

/**
 * The score of a rating, 1 to 5 stars, as one radio group (WAI-ARIA radio group): each star a radio named by its
 * value ("3 星" / "3 stars"), only the chosen one checked, one Tab stop (the chosen star), arrow keys change the
 * score and the focus goes with it. Ant Design's Rate names each star by its icon twice ("star star"), checks every
 * star up to the score and makes each one and the list a Tab stop of its own. Tapping the chosen star keeps it
 * (no clearing: the dialog sent 1 for a 5).
 */
export function ScoreInput({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange: (score: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const wrap = useRef<HTMLSpanElement>(null);
  const set = (score: number) => onChange(Math.min(STAR_COUNT, Math.max(1, score)));
  // The focus follows the score the keyboard chose: the chosen star is the group's one Tab stop.
  useEffect(() => {
    const el = wrap.current;
    if (!el?.contains(document.activeElement)) return;
    el.querySelectorAll<HTMLElement>('[role="radio"]')[value - 1]?.focus();
  }, [value]);
  // The radio group's keys, without wrapping around (Ant Design's Rate knows left and right only, by keyCode).
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const step = ARROW_STEPS[e.key];
    if (!step) return;
    e.preventDefault();
    set(value + step);
  };
  return (
    <span ref={wrap} className="svc-score-input">
      <Rate
        count={STAR_COUNT}
        allowClear={false}
        value={value}
        onChange={(v) => set(v || 1)}
        keyboard={false}
        onKeyDown={onKeyDown}
        {...roleOf('radiogroup')}
        aria-label={label}
        tabIndex={-1}
        character={STAR}
        characterRender={(node, { index = 0 }) => {
          const star = node as ReactElement<{ role?: string; children: ReactElement<Record<string, unknown>> }>;
          const score = index + 1;
          // The list item is only where the star sits: the group holds radios, not a list of them.
          return cloneElement(
            star,
            { role: 'none' },
            cloneElement(star.props.children, {
              'aria-label': starsText(t, score),
              'aria-checked': score === value,
              tabIndex: score === value ? 0 : -1,
            }),
          );
        }}
      />
    </span>
  );
}

/** A score shown, not chosen: one picture named by it ("4 星", or what `label` says), not five radios. */
export function ScoreStars({
  value,
  label,
  allowHalf,
  className,
  style,
}: {
  value: number;
  label?: string;
  allowHalf?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <Rate
      disabled
      allowHalf={allowHalf}
      value={value}
      count={STAR_COUNT}
      character={STAR}
      characterRender={(node) => {
        // Parts of the picture, not radios of their own.
        const star = node as ReactElement<{ role?: string; children: ReactElement<Record<string, unknown>> }>;
        return cloneElement(
          star,
          { role: 'none' },
          cloneElement(star.props.children, {
            role: undefined,
            'aria-checked': undefined,
            'aria-posinset': undefined,
            'aria-setsize': undefined,
            tabIndex: undefined,
          }),
        );
      }}
      {...roleOf('img')}
      aria-label={label ?? starsText(t, value)}
      className={className}
      style={style}
    />
  );
}
