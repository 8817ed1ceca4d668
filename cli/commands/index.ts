/**
 * The commands of `store-api-conformance`, in the order its help lists them. A command is a module of this
 * folder (a `Command`: its options, help and body) and one line here.
 */
import type { Command } from '../command.ts';
import { capture } from './capture.ts';
import { certify } from './certify.ts';
import { cleanup } from './cleanup.ts';
import { compare } from './compare.ts';
import { init } from './init.ts';
import { merge } from './merge.ts';
import { openapi } from './openapi.ts';
import { profile } from './profile.ts';
import { run } from './run.ts';
import { verify } from './verify.ts';

export const COMMANDS: readonly Command[] = [
  run,
  certify,
  verify,
  compare,
  merge,
  init,
  profile,
  capture,
  cleanup,
  openapi,
];
