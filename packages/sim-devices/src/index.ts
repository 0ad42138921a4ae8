export {
  CAMERA_CODES,
  CameraService,
  DOCUMENT_CAMERA_RESOLUTIONS,
  HEAD_CAMERA_RESOLUTIONS,
} from './camera.js';
export { type CameraSettings, type PresentedCard, type RequestLogEntry, SimControl } from './control.js';
export { type IdCardInfo, idCardInfo } from './idcards.js';
export {
  CARD_TYPES,
  type CardType,
  DEVICES,
  type DeviceId,
  DIALECTS,
  type Dialect,
  type FaultInput,
  type FaultKind,
  type FaultRule,
  FINGER_READERS,
  type FingerReader,
  type PressEventInput,
  SERVICES,
  type ServiceName,
  type Timings,
} from './model.js';
export { listScenarios, SCENARIO_NAMES, type Scenario } from './scenarios.js';
export {
  PortInUseError,
  parseResolution,
  type RunningSimulators,
  SimOptionsError,
  type SimulatorOptions,
  type SimulatorPorts,
  startSimulators,
} from './simulators.js';
export { makeTemplate, readTemplate } from './templates.js';
export { parseCommandText, ZA_CODES, ZA_COMMANDS } from './za.js';
export { ZK_CODES, ZK_SERVER_VERSION } from './zk.js';
