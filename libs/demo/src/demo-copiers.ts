/** A demo copier: a user of the demo data who deposits once and copies some demo traders (product.md §12.6). */
export interface DemoCopier {
  username: string;
  firstname: string;
  lastname: string;
  /** the demo deposit, whole dollars */
  deposit: number;
  /** the demo traders (ids 2–9) it copies, with the amount put into each copy, whole dollars */
  copies: Array<{ traderId: number; amount: number }>;
}

/** The demo copiers' users have emails at this domain (nobody can receive mail there; none can sign in). */
export const DEMO_COPIER_EMAIL_DOMAIN = 'copiers.mirrorline.local';

/** A demo copier's user's email (the users context's demo seeder creates the user with it). */
export function demoCopierEmail(copier: Pick<DemoCopier, 'username'>): string {
  return `${copier.username.replace('_', '.')}@${DEMO_COPIER_EMAIL_DOMAIN}`;
}

/**
 * Six demo copiers: every demo trader has one copier at least, so on a fresh install the traders' AUM, copier
 * counts and copiers' pnl are the demo's own figures (each copy made by FollowTraderUseCase, funded by a deposit
 * posting in the ledger), not zeros. Deposits cover the copies with cash to spare.
 */
export const DEMO_COPIERS: DemoCopier[] = [
  { username: 'olivia_reyes', firstname: 'Olivia', lastname: 'Reyes', deposit: 12_000, copies: [{ traderId: 2, amount: 4_000 }, { traderId: 5, amount: 3_000 }, { traderId: 7, amount: 2_500 }] },
  { username: 'marek_novak', firstname: 'Marek', lastname: 'Novak', deposit: 5_000, copies: [{ traderId: 3, amount: 2_000 }, { traderId: 6, amount: 1_500 }] },
  { username: 'aisha_bello', firstname: 'Aisha', lastname: 'Bello', deposit: 8_000, copies: [{ traderId: 4, amount: 3_000 }, { traderId: 8, amount: 2_000 }, { traderId: 2, amount: 1_500 }] },
  { username: 'tom_whitaker', firstname: 'Tom', lastname: 'Whitaker', deposit: 2_500, copies: [{ traderId: 9, amount: 1_000 }, { traderId: 3, amount: 750 }] },
  { username: 'yuki_sato', firstname: 'Yuki', lastname: 'Sato', deposit: 20_000, copies: [{ traderId: 5, amount: 6_000 }, { traderId: 4, amount: 5_000 }, { traderId: 9, amount: 4_000 }] },
  { username: 'leo_fischer', firstname: 'Leo', lastname: 'Fischer', deposit: 3_000, copies: [{ traderId: 6, amount: 1_000 }, { traderId: 8, amount: 800 }, { traderId: 7, amount: 600 }] },
];
