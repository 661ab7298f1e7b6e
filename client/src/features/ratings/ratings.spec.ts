import { describe, expect, it } from 'vitest';
import { COMMENT_REQUIRED, feedbackProblem, longDate, namesSentence } from './ratings';

describe('ratings', () => {
  it('asks for a comment without stars or under five, not with five', () => {
    expect(feedbackProblem(0, '')).toBe(COMMENT_REQUIRED);
    expect(feedbackProblem(3, '  ')).toBe(COMMENT_REQUIRED);
    expect(feedbackProblem(3, 'The gate was left open')).toBeNull();
    expect(feedbackProblem(0, 'No stars, but a word')).toBeNull();
    expect(feedbackProblem(5, '')).toBeNull();
  });

  it('writes the day and the crew as people read them', () => {
    expect(longDate('2026-11-25')).toBe('Wednesday, November 25, 2026');
    expect(namesSentence([])).toBe('');
    expect(namesSentence(['Alex Kim'])).toBe('Alex Kim');
    expect(namesSentence(['Alex Kim', 'Sam Okafor'])).toBe('Alex Kim and Sam Okafor');
    expect(namesSentence(['Alex Kim', 'Jordan Patel', 'Sam Okafor'])).toBe('Alex Kim, Jordan Patel and Sam Okafor');
  });
});
