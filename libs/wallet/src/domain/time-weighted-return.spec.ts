import { timeWeightedReturnPct, type EquityFlowDay } from './time-weighted-return';

/** [closing equity, [equity before, amount] of each flow of the day] */
const days = (...rows: Array<[number, Array<[number, number]>?]>): EquityFlowDay[] =>
  rows.map(([equity, flows = []]) => ({ equity: BigInt(equity), flows: flows.map(([before, amount]) => ({ before: BigInt(before), amount: BigInt(amount) })) }));

describe('timeWeightedReturnPct', () => {
  it('a deposit and no trade: 0.00 % flat, not a jump', () => {
    expect(timeWeightedReturnPct(days([0], [0], [100_000, [[0, 100_000]]], [100_000]))).toEqual([0, 0, 0, 0]);
  });

  it('chains the daily returns: +10 % then −10 % is −1 %', () => {
    expect(timeWeightedReturnPct(days([100_000], [110_000], [99_000]))).toEqual([0, 10, -1]);
  });

  it('a deposit after a gain keeps the gain and adds nothing: each sub-period ends where the next flow starts', () => {
    // +10 %; the next day 1,000.00 comes in on 1,100.00 and the day ends at 2,100.00 (flat after it); then +5 %.
    expect(timeWeightedReturnPct(days([100_000], [110_000], [210_000, [[110_000, 100_000]]], [220_500]))).toEqual([0, 10, 10, 15.5]);
    // A gain of 50.00 on 1,000.00, then 2,000.00 deposited the same day: +5 %, not the 1.67 % of "deposits at the start of the day".
    expect(timeWeightedReturnPct(days([100_000], [305_000, [[105_000, 200_000]]]))).toEqual([0, 5]);
  });

  it('a loss after a deposit counts on the money there after it', () => {
    // 500.00 + 500.00 deposited, then the day ends at 950.00: −5 %.
    expect(timeWeightedReturnPct(days([50_000], [95_000, [[50_000, 50_000]]]))).toEqual([0, -5]);
  });

  it('a withdrawal is not a loss; everything withdrawn adds nothing after', () => {
    expect(timeWeightedReturnPct(days([100_000], [120_000], [60_000, [[120_000, -60_000]]], [0, [[60_000, -60_000]]], [0]))).toEqual([0, 20, 20, 20, 20]);
  });

  it('a first deposit after a day of nothing starts the chain at the deposit', () => {
    expect(timeWeightedReturnPct(days([0], [103_000, [[0, 100_000]]], [103_000]))).toEqual([0, 3, 3]);
  });

  it('no days, no points', () => {
    expect(timeWeightedReturnPct([])).toEqual([]);
  });
});
