import { describe, expect, it } from 'vitest';
import { addToCalendarLinks, feedAddress, feedDateLabel, linkStillInForce } from './calendarFeed';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';
const link = {
  url: `https://crew.example.test/calendar/${TOKEN}.ics`,
  webcalUrl: `webcal://crew.example.test/calendar/${TOKEN}.ics`,
  issuedAt: '2026-11-27T14:05:00.000Z',
};
const PERSON = '0b6c5a8e-2f1d-4c3b-9a7e-1d2c3b4a5f60';

describe('calendar feed links', () => {
  it("is the link as made, or one person's with ?person=", () => {
    expect(feedAddress(link, null)).toEqual({ url: link.url, webcalUrl: link.webcalUrl });
    expect(feedAddress(link, PERSON)).toEqual({
      url: `${link.url}?person=${PERSON}`,
      webcalUrl: `${link.webcalUrl}?person=${PERSON}`,
    });
  });

  it('adds to Google with the webcal address, to Apple as webcal itself, to Outlook with the https one', () => {
    const links = addToCalendarLinks(feedAddress(link, PERSON));
    expect(links.google).toBe(
      `https://calendar.google.com/calendar/render?cid=webcal%3A%2F%2Fcrew.example.test%2Fcalendar%2F${TOKEN}.ics%3Fperson%3D${PERSON}`,
    );
    expect(links.apple).toBe(`webcal://crew.example.test/calendar/${TOKEN}.ics?person=${PERSON}`);
    expect(links.outlook).toBe(
      `https://outlook.live.com/calendar/0/addfromweb?url=https%3A%2F%2Fcrew.example.test%2Fcalendar%2F${TOKEN}.ics%3Fperson%3D${PERSON}&name=CrewClock`,
    );
  });

  it("names the day a link was made in the organization's zone", () => {
    expect(feedDateLabel('2026-11-27T14:05:00Z', 'America/New_York')).toBe('Nov 27, 2026');
    // 02:00 UTC on 28 Nov is still the 27th in New York.
    expect(feedDateLabel('2026-11-28T02:00:00Z', 'America/New_York')).toBe('Nov 27, 2026');
    expect(feedDateLabel('2026-11-28T02:00:00Z', 'UTC')).toBe('Nov 28, 2026');
  });

  it('shows the link made here while it is the one in force, not once it is off or replaced', () => {
    expect(linkStillInForce(null, { active: true, issuedAt: link.issuedAt })).toBeNull();
    expect(linkStillInForce(link, { active: true, issuedAt: '2026-11-27T14:05:00Z' })).toBe(link);
    expect(linkStillInForce(link, { active: false, issuedAt: null })).toBeNull();
    expect(linkStillInForce(link, { active: true, issuedAt: '2026-11-27T15:00:00Z' })).toBeNull();
  });
});
