// @mirrorline/demo: the demo data and the demo traders' bot (product.md §9.5, §12.6; docs/architecture.md "Wiring").
// The top of the lib order: it drives the other libs' public use cases and ports, and where it seeds rows in bulk it
// composes the statements their owners publish (@mirrorline/<lib>/sql); it names no table of its own.
export { DEMO_TRADERS, DEMO_PAIRS, DEMO_EMAIL_DOMAIN, demoTraderEmail, type DemoTrader } from './demo-traders';
export { DEMO_COPIERS, DEMO_COPIER_EMAIL_DOMAIN, demoCopierEmail, type DemoCopier } from './demo-copiers';
export { DemoDataSeeder, DEMO_SEEDERS } from './demo-data.seeder';
export { seedDemoCopies, seedDemoCopiesOnStart, type DemoCopiesResult } from './demo-copies';
export { rollDemoTradesForward, rollDemoTradesOnStart } from './roll-demo-trades';
export { syncDemoHistory, syncDemoHistoryOnStart, type DemoHistoryResult } from './demo-history';
export { DemoTradingBot } from './demo-trading-bot';
export { DemoModule } from './demo.module';
