import { runGroup } from '../support/spec-groups';

runGroup('medium', 1);
