export { type RunningSimulators, type SimulatorOptions, startSimulators } from './simulators.js';
