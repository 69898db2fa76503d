/** Grey bars the size of the text to come (issue 10: never a '0' or an empty state that is not true). */
export function PlainSkeleton({ rows, className }: { rows: number; className?: string }) {
  return (
    <div className={`plain-skeleton ${className ?? ''}`} aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="plain-skeleton-row" />
      ))}
    </div>
  );
}
