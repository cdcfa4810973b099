import { useEffect, type ReactNode } from 'react';

export const SITE_NAME = 'Mirrorline';

/** "Traders — Mirrorline": the document title of a page; the home page is just "Mirrorline". */
export function pageTitle(title: string): string {
  return title ? `${title} — ${SITE_NAME}` : SITE_NAME;
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
