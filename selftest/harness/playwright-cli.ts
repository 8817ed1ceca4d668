/** Playwright's command line, run with this Node (`node <PLAYWRIGHT_CLI> test …`) by every script that starts a run. */
import path from 'node:path';
import { PROJECT_ROOT } from '../../support/run/config.ts';

export const PLAYWRIGHT_CLI = path.join(PROJECT_ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
