import { describeDevice, maskAddress } from './device';

describe('describeDevice: a session in words', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on macOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['curl/8.5.0', 'curl'],
    ['node', 'A script'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%s → %s', (ua, words) => expect(describeDevice(ua)).toBe(words));
});

describe('maskAddress: never the whole address', () => {
  it('keeps the network part', () => {
    expect(maskAddress('203.0.113.57')).toBe('203.0.113.x');
    expect(maskAddress('::ffff:127.0.0.1')).toBe('127.0.0.x');
    expect(maskAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:…');
    expect(maskAddress(null)).toBe('—');
    expect(maskAddress('garbage')).toBe('—');
  });
});
