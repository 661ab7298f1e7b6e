import { describe, expect, it } from 'vitest';
import { answeredMessage } from './jobRequestsApi';

describe('what a requester is told', () => {
  it('names the job for each outcome', () => {
    expect(answeredMessage('approved', 'Lawn care')).toBe(
      'Your request for Lawn care was approved. It is on your calendar.',
    );
    expect(answeredMessage('denied', 'Lawn care')).toBe('Your request for Lawn care was denied.');
    expect(answeredMessage('notChosen', 'Lawn care')).toBe('Lawn care was given to another employee.');
    expect(answeredMessage('cancelled', 'Lawn care')).toBe('Lawn care was deleted, so your request was closed.');
  });
});
