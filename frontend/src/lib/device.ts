/**
 * A session's device in words, from its User-Agent: "Chrome on Linux", "Safari on iPhone", "Firefox on Windows".
 * Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux".
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return 'Unknown device';
  const ua = userAgent;
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /^curl\//i.test(ua)
              ? 'curl'
              : /node|undici|axios|python|okhttp|go-http/i.test(ua)
                ? 'A script'
                : null;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown device');
}

/** An address shown without its last part: "203.0.113.x", "2001:db8:85a3:…"; "—" when unknown. */
export function maskAddress(ip: string | null | undefined): string {
  if (!ip) return '—';
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}:…`;
  return '—';
}
