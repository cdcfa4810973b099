/**
 * Placeholders with the size of what they stand for, so that a list does not move when it arrives
 * (layout shift). One live region says what is loading.
 */
export function Skeleton({ width, height = '1em', className }: { width?: number | string; height?: number | string; className?: string }) {
  return <span className={`skeleton ${className ?? ''}`} style={{ width, height }} aria-hidden="true" />;
}

export function SkeletonText({ lines = 3 }: { lines?: number }) {
  return (
    <span className="skeleton-text" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={i === lines - 1 ? '60%' : '100%'} />
      ))}
    </span>
  );
}

export function SkeletonTable({ label, columns, rows = 5 }: { label: string; columns: number; rows?: number }) {
  return (
    <div className="skeleton-table" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <table className="table" aria-hidden="true">
        <tbody>
          {Array.from({ length: rows }, (_, r) => (
            <tr key={r}>
              {Array.from({ length: Math.max(1, columns) }, (_, c) => (
                <td key={c}>
                  <Skeleton width={c === 0 ? '70%' : '55%'} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A card-shaped placeholder (trader cards, stat cards). */
export function SkeletonCard({ height = 220, label }: { height?: number; label?: string }) {
  return (
    <div className="card skeleton-card" style={{ minHeight: height }} role={label ? 'status' : undefined}>
      {label && <span className="visually-hidden">{label}</span>}
      <Skeleton width="40%" height="1.2em" />
      <SkeletonText lines={3} />
    </div>
  );
}
