import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { foreignImage, TraderAvatar } from './trader-avatar';

describe('TraderAvatar: never loads a picture from this origin', () => {
  it('keeps an https picture on another host', () => {
    expect(foreignImage('https://cdn.example.com/a.png', 'https://mirrorline.example/traders')).toBe('https://cdn.example.com/a.png');
  });

  it('drops a path on this origin (issue 26: an action URL loaded as an image), this host on another port or scheme, and other schemes', () => {
    const here = 'https://mirrorline.example/traders';
    for (const image of [
      '/admin/api/resources/UserEntity/records/1/%76erifyKyc',
      'https://mirrorline.example:8443/admin/logout',
      'http://cdn.example.com/a.png',
      '//mirrorline.example/admin/x',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ]) {
      expect({ image, src: foreignImage(image, here) }).toEqual({ image, src: null });
    }
  });

  it('renders the initials instead of an <img> for a same-origin path', () => {
    const { container } = render(<TraderAvatar name="Sock Puppet" image="/admin/api/resources/UserEntity/records/1/%76erifyKyc" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('SP');
  });
});
