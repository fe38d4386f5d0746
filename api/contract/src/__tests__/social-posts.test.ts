import { describe, expect, it } from 'vitest';
import {
  checkTemplate,
  composePost,
  LENGTH_RULES,
  postLength,
  renderTemplate,
  SOCIAL_MESSAGES,
  type PostValues,
} from '../social-posts';

const VALUES: PostValues = {
  title: 'Digital Organizer',
  organization: 'Open Ballot Project',
  location: 'Remote',
  pay: '',
  type: 'Full-time',
  link: 'https://jobs.example.org/jobs/42?via=bluesky',
};

describe('how each network counts a post', () => {
  it('counts what a reader sees as one character once on Bluesky', () => {
    // A family emoji (7 code points), an accent written as two code points, a flag (2 code points).
    const text =
      '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466} e\u0301 \u{1F1EB}\u{1F1F7}';
    expect(postLength(text, 'graphemes')).toBe(5);
    expect(postLength(text, 'characters')).toBe(7 + 1 + 2 + 1 + 2);
  });

  it('counts each link as 23 on Mastodon, whatever its length, and not the full stop after it', () => {
    const long = `https://jobs.example.org/jobs/42?via=mastodon&x=${'y'.repeat(100)}`;
    expect(postLength(`See ${long}.`, 'graphemes-links-23')).toBe(4 + 23 + 1);
    expect(postLength('See http://a.b', 'graphemes-links-23')).toBe(4 + 23);
  });
});

describe('a post from a template', () => {
  it('fills the placeholders and leaves out a line whose details are all empty', () => {
    expect(renderTemplate('New job: {title} at {organization}\n{pay}\n\n{link}', VALUES)).toBe(
      `New job: Digital Organizer at Open Ballot Project\n\n${VALUES.link}`,
    );
  });

  it("shortens the job's longest detail to fit, never the link or the template's own text", () => {
    const title = 'Senior Director of Digital Organizing and Member Engagement '.repeat(8);
    const post = composePost(
      'New job: {title} at {organization} {link}',
      { ...VALUES, title },
      LENGTH_RULES.bluesky,
    );
    expect(post).toMatchObject({ fits: true, shortened: true, max: 300 });
    expect(post.length).toBeLessThanOrEqual(300);
    expect(post.text.startsWith('New job: Senior Director')).toBe(true);
    expect(post.text).toContain('… at Open Ballot Project');
    expect(post.text.endsWith(` ${VALUES.link}`)).toBe(true);
  });

  it('leaves a post that fits as it is', () => {
    const post = composePost('{title} {link}', VALUES, LENGTH_RULES.mastodon);
    expect(post).toEqual({
      text: `Digital Organizer ${VALUES.link}`,
      length: 18 + 23,
      max: 500,
      fits: true,
      shortened: false,
    });
  });
});

describe("a template's check", () => {
  const check = (template: string) =>
    checkTemplate(template, 'bluesky', LENGTH_RULES.bluesky, VALUES.link);

  it('says what is wrong, in the words the admin sees', () => {
    expect(check('  ')).toBe(SOCIAL_MESSAGES.templateBlank);
    expect(check('{title}')).toBe(SOCIAL_MESSAGES.linkMissing);
    expect(check('{title} {salary} {link}')).toBe(SOCIAL_MESSAGES.unknownPlaceholder('salary'));
    expect(check(`${'x'.repeat(1001)}{link}`)).toBe(SOCIAL_MESSAGES.templateTooLong);
    const own = 260 + 1 + VALUES.link.length;
    expect(check(`${'x'.repeat(260)} {link}`)).toBe(
      SOCIAL_MESSAGES.templateLeavesNoRoom('Bluesky', own, 300),
    );
    expect(check('{title} at {organization} {link}')).toBeUndefined();
  });
});
