import { PositionTokens } from './position-tokens';

describe('PositionTokens (issue #24 item 9: no global log position on the wire)', () => {
  const tokens = new PositionTokens('x'.repeat(32));
  const ORG = '11111111-2222-4333-8444-555555555555';
  const OTHER = '99999999-2222-4333-8444-555555555555';

  it('gives each position an opaque token of the organization, the same every time, and reads it back', () => {
    for (const position of [0, 1, 2, 41, 1_000_000, Number.MAX_SAFE_INTEGER]) {
      const token = tokens.encode(ORG, position);
      expect(token).toMatch(/^[0-9a-f]{32}$/);
      // Not the position written out: the block is encrypted.
      expect(token).not.toBe(`${position.toString(16).padStart(16, '0')}${'0'.repeat(16)}`);
      expect(tokens.encode(ORG, position)).toBe(token);
      expect(tokens.decode(ORG, token)).toBe(position);
    }
    // Neighbours look nothing alike: nothing to count or compare with.
    expect(tokens.encode(ORG, 41).slice(0, 4)).not.toBe(tokens.encode(ORG, 42).slice(0, 4));
  });

  it("refuses another organization's token, another server's, a bare number and garbage", () => {
    const token = tokens.encode(ORG, 41);
    expect(tokens.decode(OTHER, token)).toBeNull();
    expect(new PositionTokens('y'.repeat(32)).decode(ORG, token)).toBeNull();
    for (const garbage of ['41', '', 'a'.repeat(32), `${token}=`, token.slice(1), null, 41])
      expect(tokens.decode(ORG, garbage)).toBeNull();
  });
});
