/** The chaos scenario (../support/chaosCase.ts) in the default deployment: one n8n process on SQLite. */
import { chaosCase } from '../support/chaosCase';

chaosCase('default');
