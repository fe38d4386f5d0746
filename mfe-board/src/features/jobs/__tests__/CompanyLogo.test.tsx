import { describe, expect, it } from 'vitest';
import { renderWithProviders as render } from '../../../test-support/render';
import { CompanyLogo } from '../components/CompanyLogo';

const HASH = 'a'.repeat(64);
const company = (logo?: string) => ({
  name: 'Coastal Justice Fund',
  description: '',
  websiteUrl: '',
  ...(logo === undefined ? {} : { logo }),
});

describe('a company logo', () => {
  it("shows the board's own copy (/logos/<hash>.png)", () => {
    const { container } = render(<CompanyLogo company={company(`/logos/${HASH}.png`)} />);
    expect(container.querySelector('img')).toHaveAttribute('src', `/logos/${HASH}.png`);
  });

  it('never asks a third party: any other address shows the placeholder', () => {
    for (const logo of [
      'https://cdn.example/logo.png',
      '//cdn.example/logo.png',
      `/logos/${HASH}.svg`,
      'javascript:alert(1)',
      undefined,
    ]) {
      const { container, unmount } = render(<CompanyLogo company={company(logo)} />);
      expect(container.querySelector('img'), String(logo)).toBeNull();
      expect(container.querySelector('svg'), String(logo)).not.toBeNull();
      unmount();
    }
  });
});
