import { runGroup } from '../support/spec-groups';

runGroup('e2e', 1);
