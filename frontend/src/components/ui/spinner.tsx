export function Spinner({ label = 'Loading', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <span className={inline ? 'spinner spinner--inline' : 'spinner'} role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
