import { describe, expect, it } from 'vitest';
import {
  CHANNELS,
  SOCIAL_CHANNELS,
  VIA_CHANNELS,
  channelLabel,
  channelOfLanding,
  channelOfReferrer,
  channelOfVia,
  countedChannel,
  withVia,
  withoutVia,
} from '../channels';
import { jobApplyPath } from '../job-stats';

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

  it('reads every channel a counted request may name, board and direct included', () => {
    for (const channel of CHANNELS) expect(countedChannel(channel)).toBe(channel);
    for (const other of ['Board', '', 'tiktok', undefined, ['board'], 3]) {
      expect(countedChannel(other)).toBeUndefined();
    }
    expect(jobApplyPath(12)).toBe('/jobs/12/apply');
    expect(jobApplyPath('12', 'direct')).toBe('/jobs/12/apply?via=direct');
  });

  it('tells the board’s own referrer from any other', () => {
    const site = 'https://jobs.example.org';
    for (const referrer of [site, `${site}/`, `${site}/jobs/3?q=x`, `${site}?q=x`, `${site}#top`]) {
      expect(channelOfReferrer(referrer, site), referrer).toBe('board');
    }
    for (const referrer of [
      undefined,
      '',
      'https://news.example.org/',
      'https://jobs.example.org.evil.example/',
      'https://jobs.example.org:8443/',
      'http://jobs.example.org/',
    ]) {
      expect(channelOfReferrer(referrer, site), referrer).toBe('direct');
    }
  });

  it('gives a landing its link’s channel, else its referrer’s', () => {
    const site = 'https://jobs.example.org';
    expect(channelOfLanding('?via=newsletter', undefined, site)).toBe('newsletter');
    expect(channelOfLanding('?q=x&via=list', `${site}/`, site)).toBe('list');
    // A link cannot name the board or a direct visit; an unknown via counts as none.
    expect(channelOfLanding('?via=board', undefined, site)).toBe('direct');
    expect(channelOfLanding('?via=direct', `${site}/`, site)).toBe('board');
    expect(channelOfLanding('?via=tiktok', `${site}/`, site)).toBe('board');
    expect(channelOfLanding('', 'https://news.example.org/', site)).toBe('direct');
  });

  it('takes via out of the board’s own query strings only', () => {
    expect(withoutVia('?via=feed')).toBe('');
    expect(withoutVia('?q=grants&via=feed&remote=true')).toBe('?q=grants&remote=true');
    expect(withoutVia('?q=a%20b')).toBe('?q=a%20b');
    expect(withoutVia('')).toBe('');
  });

  it('names a channel it does not know by its name', () => {
    expect(channelLabel('newsletter')).toBe('Newsletter');
    expect(channelLabel('threads')).toBe('threads');
  });
});

describe('the channels a listing is posted to', () => {
  it('are channels a link names', () => {
    for (const channel of SOCIAL_CHANNELS) expect(channelOfVia(channel)).toBe(channel);
  });
});
