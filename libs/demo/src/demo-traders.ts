import type { Market } from '@mirrorline/copy-trading';

export interface DemoTrader {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  name: string;
  traderType: 'ICT Trader' | 'SMC Trader' | 'Price Action Trader';
  share: number;
  /** win rate the closed-trade list is generated to have, % (of 50 trades: even numbers) */
  accuracy: number;
  description: string;
  strategySummary: string;
  strategyExplanation: string;
  markets: Market[];
  /** typical risk per trade: allocation range, % */
  allocation: [number, number];
}

/** The demo traders' users have emails at this domain (nobody can receive mail there). */
export const DEMO_EMAIL_DOMAIN = 'traders.mirrorline.local';

/** A demo trader's user's email (the users context's demo seeder creates the user with it). */
export function demoTraderEmail(trader: Pick<DemoTrader, 'username'>): string {
  return `${trader.username.replace('_', '.')}@${DEMO_EMAIL_DOMAIN}`;
}

/** The seed's eight sample traders (ids 2–9, shares 12–40 %, accuracy 70–82 %). */
export const DEMO_TRADERS: DemoTrader[] = [
  {
    id: 2,
    username: 'sofia_marin',
    firstname: 'Sofia',
    lastname: 'Marin',
    name: 'Sofia Marin',
    traderType: 'ICT Trader',
    share: 25,
    accuracy: 82,
    description:
      'Former bank FX desk analyst who now trades her own book. Sofia waits for the London and New York sessions to sweep liquidity, then takes the move back into the range — few trades, tight stops, no drama.',
    strategySummary: 'Session liquidity sweeps on the majors, entered from fair value gaps after a market structure shift.',
    strategyExplanation:
      'Each morning Sofia marks the Asian session high and low and the previous day’s extremes. She only looks for entries inside the London (07:00–10:00 UTC) and New York (12:00–15:00 UTC) kill zones. A setup needs three things in order: a sweep of one of the marked liquidity pools, a displacement candle that breaks the last swing point against the sweep, and a return into the fair value gap that displacement left behind. Stops sit beyond the sweep wick; the first target is the opposite side of the range. If a session produces no clean sweep, she does not trade it — flat days are part of the plan.',
    markets: ['Forex'],
    allocation: [15, 30],
  },
  {
    id: 3,
    username: 'daniel_okafor',
    firstname: 'Daniel',
    lastname: 'Okafor',
    name: 'Daniel Okafor',
    traderType: 'SMC Trader',
    share: 30,
    accuracy: 78,
    description:
      'Crypto-native swing trader since 2017. Daniel maps where the big orders sit on the 4-hour chart and lets the market come to him, holding winners for days while cutting losers within hours.',
    strategySummary: 'Higher-timeframe order blocks on BTC, ETH and SOL, confirmed by a change of character on the 15-minute chart.',
    strategyExplanation:
      'Daniel builds his bias on the daily and 4-hour charts: trend, the last unmitigated order blocks and the liquidity resting above equal highs or below equal lows. When price returns to a fresh order block in the direction of the bias, he drops to the 15-minute chart and waits for a change of character before entering. Risk is fixed per idea, never averaged down. Half the position is closed at the first opposing liquidity pool and the stop moves to break-even; the rest rides to the higher-timeframe target. Funding rates and weekend liquidity are checked before every entry.',
    markets: ['Crypto'],
    allocation: [10, 25],
  },
  {
    id: 4,
    username: 'mei_tanaka',
    firstname: 'Mei',
    lastname: 'Tanaka',
    name: 'Mei Tanaka',
    traderType: 'Price Action Trader',
    share: 20,
    accuracy: 76,
    description:
      'A patient, chart-only trader with a background in industrial engineering. Mei trades clean breakouts and retests on large-cap US stocks and the yen crosses — no indicators, just structure and candles.',
    strategySummary: 'Breakout-and-retest of multi-day ranges on large-cap stocks and JPY pairs, with candle confirmation at the level.',
    strategyExplanation:
      'Mei keeps a watchlist of instruments that have compressed into a clear range for at least three sessions. She does not buy the breakout itself: she waits for price to close outside the range, pull back to the broken level and print a rejection candle (pin bar or engulfing) on the 1-hour chart. The stop goes behind the rejection candle, the target is the height of the range projected from the breakout. Earnings weeks and central bank meetings are skipped. Position size is reduced after two consecutive losses and restored after a winner.',
    markets: ['Stocks', 'Forex'],
    allocation: [20, 40],
  },
  {
    id: 5,
    username: 'lucas_brandt',
    firstname: 'Lucas',
    lastname: 'Brandt',
    name: 'Lucas Brandt',
    traderType: 'ICT Trader',
    share: 40,
    accuracy: 80,
    description:
      'Full-time index and FX trader from Hamburg with a strict one-setup rule. Lucas is selective and charges the highest share on the platform — his followers pay for consistency, not activity.',
    strategySummary: 'Optimal trade entry (62–79 % retracement) after a power-of-three session open, on EURUSD, GBPUSD and large-cap tech.',
    strategyExplanation:
      'Lucas reads each session as accumulation, manipulation and distribution. After the opening range is set, he waits for the manipulation leg — a false move that takes stops on one side — and then for the real move to start. Entries come on the retracement into the 62–79 % zone of that first impulse (the optimal trade entry), ideally overlapping a fair value gap. He takes at most two trades a day, never on high-impact news, and stops trading for the day after the first loss.',
    markets: ['Forex', 'Stocks'],
    allocation: [20, 35],
  },
  {
    id: 6,
    username: 'amara_haddad',
    firstname: 'Amara',
    lastname: 'Haddad',
    name: 'Amara Haddad',
    traderType: 'SMC Trader',
    share: 15,
    accuracy: 72,
    description:
      'Data scientist turned trader who blends smart-money concepts with disciplined statistics. Amara trades crypto and FX, logs every setup and publishes her monthly review to followers.',
    strategySummary: 'Break of structure plus mitigation of the originating order block, filtered by a volatility regime model.',
    strategyExplanation:
      'Amara’s edge is selection: a simple volatility model classifies each market as trending, ranging or chaotic, and she only trades structure breaks in the trending regime. After a break of structure she marks the order block the move started from and places a limit entry at its mitigation, with the stop beyond the block. Targets are set at the next external liquidity. Her win rate is modest by design — winners run two to three times the size of losers — and position sizes are capped so that no single trade risks more than a small slice of a follower’s equity.',
    markets: ['Crypto', 'Forex'],
    allocation: [10, 20],
  },
  {
    id: 7,
    username: 'jonas_lindqvist',
    firstname: 'Jonas',
    lastname: 'Lindqvist',
    name: 'Jonas Lindqvist',
    traderType: 'Price Action Trader',
    share: 12,
    accuracy: 74,
    description:
      'Calm, long-only stock swing trader with fifteen years in the market. Jonas buys pullbacks in leading US stocks and is the lowest-cost trader to copy on Mirrorline.',
    strategySummary: 'Pullbacks to rising moving averages and prior breakout levels in market-leading US stocks, held for days to weeks.',
    strategyExplanation:
      'Jonas only trades stocks in a confirmed uptrend: higher highs and higher lows on the daily chart, price above a rising 50-day average, and relative strength against the index. He waits for an orderly pullback on falling volume into a prior breakout level, then buys the first day that closes back above the previous day’s high. Stops sit under the pullback low. He trims into strength at new highs and exits fully on a daily close below the 20-day average. No shorts, no leverage beyond the allocation, no trades in the week of an earnings release.',
    markets: ['Stocks'],
    allocation: [25, 40],
  },
  {
    id: 8,
    username: 'priya_raman',
    firstname: 'Priya',
    lastname: 'Raman',
    name: 'Priya Raman',
    traderType: 'ICT Trader',
    share: 18,
    accuracy: 70,
    description:
      'Fast-paced intraday trader covering gold-correlated FX and the majors through the New York session. Priya trades more often than most and keeps risk per trade small to match.',
    strategySummary: 'New York session judas swings into premium/discount zones, targeting the daily range midpoint.',
    strategyExplanation:
      'Priya frames every day with the previous day’s range and its midpoint (equilibrium). During the New York open she looks for a judas swing — a quick move into premium above equilibrium when her bias is bearish, or into discount below it when bullish — that fails at a higher-timeframe level. Entries are taken on the first 5-minute fair value gap after the failure, targeting equilibrium and then the opposite extreme. She accepts a lower win rate for frequent, small-risk trades and closes everything before the US session ends.',
    markets: ['Forex', 'Crypto'],
    allocation: [5, 15],
  },
  {
    id: 9,
    username: 'mateo_alvarez',
    firstname: 'Mateo',
    lastname: 'Alvarez',
    name: 'Mateo Alvarez',
    traderType: 'SMC Trader',
    share: 35,
    accuracy: 78,
    description:
      'Multi-asset trader from Madrid who moves between crypto, FX and tech stocks depending on where liquidity is cleanest. Mateo is known for detailed trade notes and well-timed exits.',
    strategySummary: 'Liquidity engineering: entries after inducement and a sweep of internal liquidity, across crypto, FX and tech stocks.',
    strategyExplanation:
      'Mateo tracks where retail stops cluster — trendline touches, equal highs and lows, obvious support — and expects price to be engineered into them before the real move. He waits for the inducement (a minor swing that tempts early entries), the sweep of that internal liquidity, and a shift in structure on the entry timeframe. Entries are refined to the order block that caused the shift. He scales out in thirds at internal, external and higher-timeframe liquidity and rotates capital toward whichever market shows the cleanest structure that week.',
    markets: ['Crypto', 'Forex', 'Stocks'],
    allocation: [15, 30],
  },
];

/** Instruments per market with a realistic price and its decimals. */
export const DEMO_PAIRS: Record<Market, Array<{ pair: string; price: number; decimals: number }>> = {
  Forex: [
    { pair: 'EURUSD', price: 1.0845, decimals: 5 },
    { pair: 'GBPUSD', price: 1.2712, decimals: 5 },
    { pair: 'USDJPY', price: 151.24, decimals: 3 },
    { pair: 'AUDUSD', price: 0.6618, decimals: 5 },
    { pair: 'EURJPY', price: 163.42, decimals: 3 },
  ],
  Crypto: [
    { pair: 'BTCUSDT', price: 67250, decimals: 2 },
    { pair: 'ETHUSDT', price: 3412.5, decimals: 2 },
    { pair: 'SOLUSDT', price: 165.3, decimals: 3 },
    { pair: 'BNBUSDT', price: 592.4, decimals: 2 },
  ],
  Stocks: [
    { pair: 'AAPL', price: 228.5, decimals: 2 },
    { pair: 'MSFT', price: 415.2, decimals: 2 },
    { pair: 'NVDA', price: 134.8, decimals: 2 },
    { pair: 'TSLA', price: 244.9, decimals: 2 },
    { pair: 'AMZN', price: 186.4, decimals: 2 },
  ],
};
