/**
 * Preloaded into every process of the fault matrix's child runs (`NODE_OPTIONS=--import <this file>`,
 * plan.ts): registers suite-resolve.js, which gives the spec files suite-test.ts where they import
 * fixtures/index.ts. Plain JavaScript: it runs before Playwright's TypeScript loader is registered.
 */
import { register } from 'node:module';

register(new URL('./suite-resolve.js', import.meta.url));
