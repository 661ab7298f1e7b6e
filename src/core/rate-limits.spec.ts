import { ComputeGate, networkOf } from './rate-limits';
import { UnavailableError } from './errors';

describe('networkOf', () => {
  it('keeps an IPv4 address, and unwraps an IPv4-mapped one', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('gives one key to every address of an IPv6 /64, however it is written', () => {
    const keys = [
      '2001:db8:85a3:12::1',
      '2001:0db8:85a3:0012:ffff:ffff:ffff:ffff',
      '2001:DB8:85A3:12:abcd::',
      '2001:db8:85a3:12:1:2:3:4%eth0',
    ].map(networkOf);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:85a3:12::/64']));
    expect(networkOf('2001:db8:85a3:13::1')).toBe('2001:db8:85a3:13::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('1::2:3:4:5:6.7.8.9')).toBe('1:0:2:3::/64');
  });

  it('leaves what is no address as it is', () => {
    expect(networkOf('unknown')).toBe('unknown');
  });
});

describe('ComputeGate', () => {
  const later = () => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    return { done, release };
  };

  it('runs at most `running` at once, queues `waiting` more, and refuses the rest with a 503', async () => {
    const gate = new ComputeGate(2, 1, 'Busy. Try again in a moment.');
    let active = 0;
    let most = 0;
    const holds = [later(), later(), later()];
    const runs = holds.map((hold) =>
      gate.run(async () => {
        active++;
        most = Math.max(most, active);
        await hold.done;
        active--;
        return 'done';
      }),
    );
    await expect(gate.run(async () => 'never')).rejects.toBeInstanceOf(UnavailableError);
    holds.forEach((h) => h.release());
    await expect(Promise.all(runs)).resolves.toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
    // Free again once drained.
    await expect(gate.run(async () => 'again')).resolves.toBe('again');
  });

  it('frees its place when the work fails', async () => {
    const gate = new ComputeGate(1, 0, 'Busy.');
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
  });
});
