import { useId } from 'react';

/**
 * A small SVG bar chart of daily PnL (percent): green bars up, red bars down, a zero line. The numbers
 * are also given as a visually hidden table for screen readers.
 */
export function PnlChart({
  labels,
  values,
  height = 80,
  title = 'Daily PnL, last ten days',
  compact = false,
}: {
  labels: readonly string[];
  values: readonly number[];
  height?: number;
  title?: string;
  compact?: boolean;
}) {
  const id = useId();
  const n = values.length;
  if (n === 0) return <p className="muted small">No trading history yet</p>;
  const width = 200;
  const max = Math.max(1e-9, ...values.map((v) => Math.abs(v)));
  const hasNeg = values.some((v) => v < 0);
  const hasPos = values.some((v) => v > 0);
  const zeroY = hasNeg && hasPos ? height / 2 : hasNeg ? 4 : height - 4;
  const scale = hasNeg && hasPos ? height / 2 - 4 : height - 8;
  const slot = width / n;
  const barW = Math.max(2, slot * 0.62);
  return (
    <figure className={`pnl-chart ${compact ? 'pnl-chart--compact' : ''}`}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-t`} preserveAspectRatio="none" className="pnl-chart__svg" style={{ height }}>
        <title id={`${id}-t`}>{title}</title>
        <line x1="0" x2={width} y1={zeroY} y2={zeroY} className="pnl-chart__zero" />
        {values.map((v, i) => {
          const h = (Math.abs(v) / max) * scale;
          const y = v >= 0 ? zeroY - h : zeroY;
          return (
            <rect
              key={i}
              x={i * slot + (slot - barW) / 2}
              y={y}
              width={barW}
              height={Math.max(1, h)}
              rx="1.5"
              className={v >= 0 ? 'pnl-chart__bar pnl-chart__bar--up' : 'pnl-chart__bar pnl-chart__bar--down'}
            >
              <title>{`${labels[i] ?? `Day ${i + 1}`}: ${v.toFixed(2)}%`}</title>
            </rect>
          );
        })}
      </svg>
      {/* a table is at least as tall as its rows whatever its height: the 1 px clipping box is a div around it */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <tbody>
            {values.map((v, i) => (
              <tr key={i}>
                <th scope="row">{labels[i] ?? `Day ${i + 1}`}</th>
                <td>{v.toFixed(2)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!compact && labels.length > 0 && (
        <figcaption className="pnl-chart__axis" aria-hidden="true">
          <span>{labels[0]}</span>
          <span>{labels[labels.length - 1]}</span>
        </figcaption>
      )}
    </figure>
  );
}
