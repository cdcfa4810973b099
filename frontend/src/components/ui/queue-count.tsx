/**
 * How many items wait in a queue, as a badge after a label. Its visible number and a visually hidden "waiting" join
 * the label's own text, so a link reads "KYC Queue 3 waiting" and its name starts with what it shows (no aria-label
 * that would differ from the visible text: axe label-content-name-mismatch). Nothing at 0.
 */
export function QueueCount({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="badge badge--amber queue-count">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> waiting</span>
    </span>
  );
}
