/** How many items wait in a queue: the label a link with this count reads ("KYC Queue, 3 waiting"), the label alone at 0. */
export function queueLabel(label: string, count: number | undefined): string {
  return count ? `${label}, ${count} waiting` : label;
}

/** The count as a badge after a label (decorative: the link's name says it, see queueLabel). Nothing at 0. */
export function QueueCount({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="badge badge--amber queue-count" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
