import { describe, expect, it } from 'vitest';
import { SimControl } from './control.js';
import { DEFAULT_TIMINGS } from './model.js';

function control(scenario = 'manual') {
  return new SimControl({
    dialect: 'spec',
    scenario,
    timings: DEFAULT_TIMINGS,
    fps: 10,
    resolution: { width: 320, height: 240 },
  });
}

describe('SimControl', () => {
  it('picks the summed delays and the oldest other matching rule, using up counted rules', () => {
    const c = control();
    c.addFault({ kind: 'delay', ms: 100, service: 'camera' });
    c.addFault({ kind: 'delay', ms: 50, device: 'video0', times: 1 });
    c.addFault({ kind: 'busy', endpoint: 'video=open', times: 1 });
    c.addFault({ kind: 'http500', service: 'camera' });
    const first = c.takeFaults('camera', 'video0', 'VIDEO=OPEN');
    expect(first.delayMs).toBe(150);
    expect(first.action?.kind).toBe('busy');
    const second = c.takeFaults('camera', 'video0', 'video=open');
    expect(second.delayMs).toBe(100);
    expect(second.action?.kind).toBe('http500');
    expect(c.takeFaults('za', 'za', 'CAPTURE')).toEqual({ delayMs: 0, action: undefined });
  });

  it('never matches a device rule against another service', () => {
    const c = control();
    c.addFault({ kind: 'busy', device: 'zk' });
    expect(c.takeFaults('camera', undefined, 'video=status').action).toBeUndefined();
    expect(c.takeFaults('zk', 'zk', 'info').action?.kind).toBe('busy');
  });

  it('treats standing unplugged rules and unplug() as unplugged; plug() clears both', () => {
    const c = control();
    c.addFault({ kind: 'unplugged', service: 'camera' });
    expect(c.isUnplugged('video1')).toBe(true);
    expect(c.isUnplugged('za')).toBe(false);
    c.clearFaults();
    c.unplug('za');
    c.addFault({ kind: 'unplugged', device: 'za' });
    c.addFault({ kind: 'delay', device: 'za', ms: 5 });
    c.plug('za');
    expect(c.isUnplugged('za')).toBe(false);
    expect(c.faults().map((f) => f.kind)).toEqual(['delay']);
  });

  it('polls scripted presses in order, and invents them in the happy scenario', () => {
    const c = control();
    c.pressFinger('zk', [
      { kind: 'none', polls: 2 },
      { kind: 'finger', finger: 'x' },
    ]);
    expect([c.pollPress('zk'), c.pollPress('zk'), c.pollPress('zk')?.kind, c.pollPress('zk')]).toEqual([
      undefined,
      undefined,
      'finger',
      undefined,
    ]);
    const happy = control('happy');
    expect([happy.pollPress('za'), happy.pollPress('za'), happy.pollPress('za')?.kind]).toEqual([
      undefined,
      undefined,
      'finger',
    ]);
  });

  it('counts calls in flight per device and service and keeps the high-water mark', () => {
    const c = control();
    const a = c.enter('camera', 'video0');
    const b = c.enter('camera', 'video0');
    const d = c.enter('camera', 'idcard');
    expect(b.concurrent).toBe(2);
    a.release();
    a.release();
    b.release();
    d.release();
    expect(c.maxConcurrency('video0')).toBe(2);
    expect(c.maxConcurrency('camera')).toBe(3);
    expect(c.concurrency().video0).toEqual({ current: 0, max: 2 });
  });

  it('restores the scenario on reset and rejects unknown scenarios', () => {
    const c = control('face-mismatch');
    c.setFaceScore(99);
    c.addFault({ kind: 'hang' });
    c.reset();
    expect(c.faceScore).toBe(23);
    expect(c.faults()).toEqual([]);
    expect(() => c.setScenario('nope')).toThrow(/Unknown scenario/);
  });
});
