import { assertForeignImage, IMAGE_URL, imageOnOwnSite } from './trader-image';

describe("a trader's image: an https URL on another site", () => {
  it('has the shape of an https URL with a host: no path, no protocol-relative or other scheme', () => {
    for (const image of ['https://cdn.example.com/a.png', 'https://cdn.example.com', 'https://203.0.113.9:8443/x.jpg?v=2']) expect({ image, ok: IMAGE_URL.test(image) }).toEqual({ image, ok: true });
    for (const image of [
      '/images/traders/2.jpg',
      '/admin/api/resources/UserEntity/records/1/%76erifyKyc',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'http://evil.example/x.png',
      'javascript:alert(1)',
      'https://user:pw@evil.example/x.png',
      'https:///admin/x',
    ]) {
      expect({ image, ok: IMAGE_URL.test(image) }).toEqual({ image, ok: false });
    }
  });

  it('is refused on our own site: the host, another port of it, a subdomain or a sibling subdomain of it', () => {
    const own = ['app.mirrorline.example', 'localhost:3000', 'http://localhost:5173'];
    for (const image of [
      'https://app.mirrorline.example/admin/api/resources/UserEntity/records/1/%76erifyKyc',
      'https://APP.Mirrorline.example:8443/admin/logout',
      'https://mirrorline.example/x.png',
      'https://evil.mirrorline.example/x.png',
      'https://localhost/admin/api/x',
    ]) {
      expect({ image, own: imageOnOwnSite(image, own) }).toEqual({ image, own: true });
    }
    for (const image of ['https://cdn.example.com/a.png', 'https://mirrorline.example.org/a.png', 'https://127.0.0.1/a.png']) {
      expect({ image, own: imageOnOwnSite(image, own) }).toEqual({ image, own: false });
    }
    expect(imageOnOwnSite('https://127.0.0.1:3000/admin', ['127.0.0.1:3000'])).toBe(true);
  });

  it('assertForeignImage: 400 VALIDATION_FAILED naming the field; null (no image) and undefined (unchanged) pass', () => {
    expect(() => assertForeignImage('https://localhost/admin/logout', ['localhost:3000'])).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', kind: 'validation' }));
    expect(() => assertForeignImage(null, ['localhost:3000'])).not.toThrow();
    expect(() => assertForeignImage(undefined, ['localhost:3000'])).not.toThrow();
    expect(() => assertForeignImage('https://cdn.example.com/a.png', ['localhost:3000'])).not.toThrow();
  });
});
