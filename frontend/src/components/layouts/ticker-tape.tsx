import { useEffect, useRef } from 'react';

export const TICKER_SCRIPT = 'https://s3.tradingview.com/external-embedding/embed-widget-ticker-tape.js';

const CONFIG = {
  symbols: [
    { proName: 'FOREXCOM:SPXUSD', title: 'S&P 500' },
    { proName: 'FOREXCOM:NSXUSD', title: 'US 100' },
    { proName: 'FX_IDC:EURUSD', title: 'EUR/USD' },
    { proName: 'FX:GBPUSD', title: 'GBP/USD' },
    { proName: 'BITSTAMP:BTCUSD', title: 'Bitcoin' },
    { proName: 'BITSTAMP:ETHUSD', title: 'Ethereum' },
    { proName: 'NASDAQ:AAPL', title: 'Apple' },
    { proName: 'NASDAQ:TSLA', title: 'Tesla' },
  ],
  showSymbolLogo: true,
  colorTheme: 'dark',
  isTransparent: true,
  displayMode: 'adaptive',
  locale: 'en',
};

/**
 * The TradingView ticker tape, injected at runtime. When the script cannot load (offline, blocked by
 * an extension or a CSP) the strip stays empty and takes no room: nothing else depends on it.
 */
export function TickerTape() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    const widget = document.createElement('div');
    widget.className = 'tradingview-widget-container__widget';
    host.appendChild(widget);
    const script = document.createElement('script');
    script.src = TICKER_SCRIPT;
    script.async = true;
    script.type = 'text/javascript';
    script.innerHTML = JSON.stringify(CONFIG);
    script.onerror = () => {
      host.dataset.state = 'unavailable';
    };
    host.appendChild(script);
    return () => {
      host.innerHTML = '';
    };
  }, []);
  return <div ref={ref} className="ticker tradingview-widget-container" aria-label="Market ticker" role="region" />;
}
