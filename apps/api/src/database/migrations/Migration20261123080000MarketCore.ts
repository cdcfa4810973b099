import { Migration } from '@mikro-orm/migrations';

/**
 * The market (libs/market, product.md §9.1–9.2): the instrument catalogue (reference data that every
 * environment needs, so it lives here and not in the demo seed), the latest quote per symbol and OHLC
 * candles. Candles of every interval share one table; the 1-minute ones are rolled up into 5m / 1h / 1d
 * as they are written, and 1-minute rows are swept after a retention period.
 *
 * market_candles has no foreign key to market_instruments and no index beyond its primary key: the first
 * start writes 90 days of history in bulk and each of those checks doubled the time. Its writers take
 * their symbols from the catalogue (quotes are joined to it); the retention sweep reads the primary key
 * (PostgreSQL 18's skip scan over the few symbols).
 *
 * Simulator parameters (volatility a year, spread, start price) sit beside each instrument so the
 * simulated feed needs no code change to add one. spread_relative: the spread is a fraction of the price
 * (crypto), else an absolute price step (1 pip FX, 1 cent stocks).
 */
export class Migration20261123080000MarketCore extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE market_instruments (
        symbol varchar(16) PRIMARY KEY CHECK (symbol ~ '^[A-Z0-9]{2,16}$'),
        market text NOT NULL CHECK (market IN ('Forex', 'Crypto', 'Stocks')),
        name text NOT NULL,
        price_decimals smallint NOT NULL CHECK (price_decimals BETWEEN 0 AND 8),
        session text NOT NULL CHECK (session IN ('crypto', 'forex', 'stocks')),
        volatility numeric(6, 4) NOT NULL CHECK (volatility > 0),
        spread numeric(18, 8) NOT NULL CHECK (spread > 0),
        spread_relative boolean NOT NULL,
        base_price numeric(24, 8) NOT NULL CHECK (base_price > 0),
        position smallint NOT NULL
      );`);
    this.addSql(`
      INSERT INTO market_instruments (symbol, market, name, price_decimals, session, volatility, spread, spread_relative, base_price, position) VALUES
        ('EURUSD',  'Forex',  'Euro / US Dollar',              5, 'forex',  0.08, 0.0001,  false, 1.08500,  1),
        ('GBPUSD',  'Forex',  'British Pound / US Dollar',     5, 'forex',  0.08, 0.0001,  false, 1.27000,  2),
        ('USDJPY',  'Forex',  'US Dollar / Japanese Yen',      3, 'forex',  0.08, 0.01,    false, 151.500,  3),
        ('AUDUSD',  'Forex',  'Australian Dollar / US Dollar', 5, 'forex',  0.08, 0.0001,  false, 0.66000,  4),
        ('USDCHF',  'Forex',  'US Dollar / Swiss Franc',       5, 'forex',  0.08, 0.0001,  false, 0.88000,  5),
        ('EURGBP',  'Forex',  'Euro / British Pound',          5, 'forex',  0.08, 0.0001,  false, 0.85500,  6),
        ('USDCAD',  'Forex',  'US Dollar / Canadian Dollar',   5, 'forex',  0.08, 0.0001,  false, 1.36000,  7),
        ('BTCUSDT', 'Crypto', 'Bitcoin / Tether',              2, 'crypto', 0.60, 0.0002,  true,  65000.00, 8),
        ('ETHUSDT', 'Crypto', 'Ether / Tether',                2, 'crypto', 0.60, 0.0002,  true,  3400.00,  9),
        ('SOLUSDT', 'Crypto', 'Solana / Tether',               2, 'crypto', 0.60, 0.0002,  true,  150.00,   10),
        ('XRPUSDT', 'Crypto', 'XRP / Tether',                  4, 'crypto', 0.60, 0.0002,  true,  0.5500,   11),
        ('BNBUSDT', 'Crypto', 'BNB / Tether',                  2, 'crypto', 0.60, 0.0002,  true,  580.00,   12),
        ('DOGEUSDT','Crypto', 'Dogecoin / Tether',             5, 'crypto', 0.60, 0.0002,  true,  0.15000,  13),
        ('AAPL',    'Stocks', 'Apple Inc.',                    2, 'stocks', 0.30, 0.01,    false, 190.00,   14),
        ('MSFT',    'Stocks', 'Microsoft Corp.',               2, 'stocks', 0.30, 0.01,    false, 420.00,   15),
        ('NVDA',    'Stocks', 'NVIDIA Corp.',                  2, 'stocks', 0.30, 0.01,    false, 120.00,   16),
        ('TSLA',    'Stocks', 'Tesla Inc.',                    2, 'stocks', 0.30, 0.01,    false, 240.00,   17),
        ('AMZN',    'Stocks', 'Amazon.com Inc.',               2, 'stocks', 0.30, 0.01,    false, 185.00,   18),
        ('GOOGL',   'Stocks', 'Alphabet Inc. (Class A)',       2, 'stocks', 0.30, 0.01,    false, 170.00,   19),
        ('META',    'Stocks', 'Meta Platforms Inc.',           2, 'stocks', 0.30, 0.01,    false, 500.00,   20);`);
    this.addSql(`
      CREATE TABLE market_quotes (
        symbol varchar(16) PRIMARY KEY REFERENCES market_instruments (symbol),
        bid numeric(24, 8) NOT NULL CHECK (bid > 0),
        ask numeric(24, 8) NOT NULL CHECK (ask >= bid),
        time timestamptz NOT NULL
      );`);
    this.addSql(`
      CREATE TABLE market_candles (
        symbol varchar(16) NOT NULL,
        interval text NOT NULL CHECK (interval IN ('1m', '5m', '1h', '1d')),
        time timestamptz NOT NULL,
        open numeric(24, 8) NOT NULL,
        high numeric(24, 8) NOT NULL,
        low numeric(24, 8) NOT NULL,
        close numeric(24, 8) NOT NULL,
        PRIMARY KEY (symbol, interval, time),
        CHECK (low <= open AND low <= close AND high >= open AND high >= close)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS market_candles;');
    this.addSql('DROP TABLE IF EXISTS market_quotes;');
    this.addSql('DROP TABLE IF EXISTS market_instruments;');
  }
}
