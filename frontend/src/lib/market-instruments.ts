import { marketKeys } from './query-keys';
import { useApi, type Schema } from './api';

export type Instrument = Schema<'InstrumentDto'>;

/** The public catalogue (session state, latest quote, the day's open); refreshed every minute for the session state. */
export function useInstruments() {
  return useApi(marketKeys.instruments(), { refreshInterval: 60_000 });
}
