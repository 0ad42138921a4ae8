import type { CardType, DeviceId, FaultInput, FingerReader, PressEventInput } from './model.js';

/** A named starting state: what is plugged in, which faults stand, what the readers will see. */
export interface Scenario {
  name: string;
  description: string;
  /** A card of this type appears `timings.autoPresentMs` after a read starts; null waits for the control API. */
  autoCard: CardType | null;
  /** With an empty press script, readers see "no finger" this many polls and then a finger; null waits for the control API. */
  autoFingerPolls: number | null;
  unplugged: DeviceId[];
  faults: FaultInput[];
  presses: Partial<Record<FingerReader, PressEventInput[]>>;
  faceScore: number;
  matchScore: number;
  busyOnConcurrent: boolean;
}

const happy: Scenario = {
  name: 'happy',
  description: 'Everything plugged in; cards and fingers appear by themselves shortly after a read starts.',
  autoCard: 'B',
  autoFingerPolls: 2,
  unplugged: [],
  faults: [],
  presses: {},
  faceScore: 88,
  matchScore: 86,
  busyOnConcurrent: false,
};

const scenarios: Scenario[] = [
  happy,
  {
    ...happy,
    name: 'manual',
    description: 'Everything plugged in; cards and fingers appear only when the control API presents them.',
    autoCard: null,
    autoFingerPolls: null,
  },
  {
    ...happy,
    name: 'unplugged',
    description: 'No device connected: cameras report "no", readers fail to open.',
    unplugged: ['video0', 'video1', 'idcard', 'fp', 'za', 'zk'],
  },
  {
    ...happy,
    name: 'slow',
    description: 'Every vendor call answers after 1.5 s.',
    faults: [
      { kind: 'delay', service: 'camera', ms: 1_500 },
      { kind: 'delay', service: 'za', ms: 1_500 },
      { kind: 'delay', service: 'zk', ms: 1_500 },
    ],
  },
  {
    ...happy,
    name: 'flaky',
    description:
      'First capture resets the connection, first card read is malformed, first ZA press is poor, first ZK press is fake.',
    faults: [
      { kind: 'reset', endpoint: 'video=grabimage', times: 1 },
      { kind: 'malformed', endpoint: 'card=idcard', times: 1 },
    ],
    presses: {
      za: [{ kind: 'none', polls: 1 }, { kind: 'poor' }],
      zk: [{ kind: 'none', polls: 1 }, { kind: 'fake' }],
    },
  },
  {
    ...happy,
    name: 'za-open-failure',
    description: 'The ZA module cannot open its device (-101).',
    unplugged: ['za'],
  },
  {
    ...happy,
    name: 'fake-finger',
    description: 'The first ZK press is a suspected fake finger (-2009), later presses are good.',
    presses: { zk: [{ kind: 'none', polls: 1 }, { kind: 'fake' }] },
  },
  {
    ...happy,
    name: 'face-mismatch',
    description: 'Face comparisons answer a low confidence (23).',
    faceScore: 23,
  },
  {
    ...happy,
    name: 'busy',
    description:
      'Like the real service under rapid calls: a call arriving while another runs on the same device is answered "busy".',
    busyOnConcurrent: true,
  },
];

export const SCENARIO_NAMES = scenarios.map((s) => s.name);

export function listScenarios(): Array<Pick<Scenario, 'name' | 'description'>> {
  return scenarios.map(({ name, description }) => ({ name, description }));
}

export class UnknownScenarioError extends Error {
  readonly messageZh: string;
  constructor(name: string) {
    super(`Unknown scenario "${name}"; known: ${SCENARIO_NAMES.join(', ')}`);
    this.messageZh = `未知场景 "${name}"；可用：${SCENARIO_NAMES.join('、')}`;
  }
}

export function getScenario(name: string): Scenario {
  const found = scenarios.find((s) => s.name === name);
  if (!found) throw new UnknownScenarioError(name);
  // Copies so that a running simulator never edits the table.
  return structuredClone(found);
}
