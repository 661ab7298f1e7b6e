import type { RecordedEvent } from '../event-store/event-store.port';
import { LiveEvents, Process, ProcessHost } from './process-host';

const recorder =
  (calls: string[]) =>
  (name: string): Process => ({
    name,
    start: () => void calls.push(`start ${name}`),
    stop: async () => void calls.push(`stop ${name}`),
  });

const event = (id: string) => ({ id, type: 'Happened' }) as RecordedEvent;

describe('process host', () => {
  it('starts its processes in order once, and stops them last started first', async () => {
    const calls: string[] = [];
    const process = recorder(calls);
    const host = new ProcessHost([process('rating requests'), process('job-request e-mails')]);
    await host.stop();
    host.start();
    host.start();
    await host.stop();
    await host.stop();
    expect(calls).toEqual([
      'start rating requests',
      'start job-request e-mails',
      'stop job-request e-mails',
      'stop rating requests',
    ]);
  });
});

describe('live events', () => {
  it('hands each event to every listener until it unsubscribes; one that throws keeps none from the others', () => {
    const errors: unknown[] = [];
    const live = new LiveEvents((error) => errors.push(error));
    const heard: string[] = [];
    live.subscribe(() => {
      throw new Error('a broken process');
    });
    const unsubscribe = live.subscribe((e) => heard.push(e.id));
    live.publish(event('a'));
    unsubscribe();
    live.publish(event('b'));
    expect(heard).toEqual(['a']);
    expect(errors.map(String)).toEqual(['Error: a broken process', 'Error: a broken process']);
  });
});
