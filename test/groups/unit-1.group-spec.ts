import { runGroup } from '../support/spec-groups';

runGroup('unit', 1);
