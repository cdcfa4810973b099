// @mirrorline/events/testing: the hub the stream specs reach into for specs, test/ and bench/ only (docs/architecture.md "Wiring"; the
// boundaries rule refuses this entry anywhere else).
export { EventsHub } from './adapters/http/events-hub';
