import { describe, expect, it } from 'vitest';
import { CHANNELS, VIA_CHANNELS, channelOfVia, withVia } from '../channels';

describe('channels', () => {
  it('reads only the channels a link may name', () => {
    for (const channel of VIA_CHANNELS) expect(channelOfVia(channel)).toBe(channel);
    for (const other of ['board', 'direct', 'Newsletter', '', 'x', undefined, 1, ['feed']]) {
      expect(channelOfVia(other)).toBeUndefined();
    }
    expect(VIA_CHANNELS.every((channel) => (CHANNELS as readonly string[]).includes(channel))).toBe(
      true,
    );
  });

  it('adds via to a link, keeping its query and fragment', () => {
    expect(withVia('/jobs/12', 'newsletter')).toBe('/jobs/12?via=newsletter');
    expect(withVia('https://b.example/jobs/12?x=1', 'feed')).toBe(
      'https://b.example/jobs/12?x=1&via=feed',
    );
    expect(withVia('https://b.example/jobs/12#apply', 'list')).toBe(
      'https://b.example/jobs/12?via=list#apply',
    );
  });
});
