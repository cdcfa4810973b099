import { useState } from 'react';

/** A "Copy" button that puts `text` on the clipboard and says so ("Copied") until the text changes. */
export function CopyButton({ text, label = 'Copy', describedBy }: { text: string; label?: string; describedBy?: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <button
      type="button"
      className="btn btn--outline btn--sm"
      aria-describedby={describedBy}
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(text),
          () => setCopied(null),
        )
      }
    >
      {copied === text ? 'Copied' : label}
    </button>
  );
}
