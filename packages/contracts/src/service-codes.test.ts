import { describe, expect, it } from 'vitest';
import { RATING_COMMENT_MAX, ratingCommentLength, RateServiceRequest } from './services.ts';

/** The rating dialog's counter and the server's check count a comment the same way: as a user sees it. */
describe('a rating comment’s length', () => {
  const accepts = (comment: string) => RateServiceRequest.safeParse({ serviceId: 's1', score: 5, comment }).success;

  it('counts an emoji once, and spaces around the comment not at all, as the request schema does', () => {
    expect(ratingCommentLength('😀😀😀')).toBe(3);
    expect(ratingCommentLength('  评价 😀  ')).toBe(4);
    for (const comment of ['😀'.repeat(500), `  ${'😀'.repeat(500)}  `, '评'.repeat(499) + '😀', 'x'.repeat(500)]) {
      expect(ratingCommentLength(comment)).toBe(RATING_COMMENT_MAX);
      expect(accepts(comment)).toBe(true);
    }
    for (const comment of ['😀'.repeat(501), '评'.repeat(400) + '😀'.repeat(101), 'x'.repeat(501)]) {
      expect(ratingCommentLength(comment)).toBe(RATING_COMMENT_MAX + 1);
      expect(accepts(comment)).toBe(false);
    }
  });
});
