import { useEffect, type ReactNode } from 'react';

export const SITE_NAME = 'Mirrorline';

/** "Traders — Mirrorline": the document title of a page. */
export function pageTitle(title: string): string {
  return `${title} — ${SITE_NAME}`;
}

/** Sets the document title while the page is shown (every route has its own). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

export function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return <>{children}</>;
}
