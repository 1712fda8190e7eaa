/** The chaos scenario (../support/chaosCase.ts) in the queue deployment: queue mode: PostgreSQL, Redis, a main and two workers. */
import { chaosCase } from '../support/chaosCase';

chaosCase('queue');
