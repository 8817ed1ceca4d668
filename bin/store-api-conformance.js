#!/usr/bin/env node
/**
 * The installed command (`npx store-api-conformance <command>`). The suite is TypeScript, run as it is
 * written: tsx, a dependency, loads it, with the suite's own tsconfig whatever the working directory
 * holds. The commands live in cli/ (cli/main.ts).
 */
import path from 'node:path';
import { register } from 'tsx/esm/api';

register({ tsconfig: path.join(import.meta.dirname, '..', 'tsconfig.json') });
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
