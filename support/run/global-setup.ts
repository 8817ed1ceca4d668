/**
 * Runs once before any test: parses the configuration (bad config stops the run with one message),
 * fixes the run id and faker seed for every worker, starts the embedded reference when no BASE_URL
 * is given, refuses to write to a remote target unless asked, and checks the target answers.
 * Whatever it throws stops the run before any test: the conformance report says NO VERDICT (exit 2).
 * The errors it means to throw (RedactionError, ConfigError, PreflightError) print as one block, without a stack.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import type { FaultSet } from '../../reference/faults/index.ts';
import { ConfigError, getConfig, parseConfig, readEnvironment, type Config } from './config.ts';
import { isLoopback } from '../client/http.ts';
import { EmbeddedTargets } from '../contract/embedded-targets.ts';
import { readJournal, recordStoreProbe, shardReportFile } from './created-resources.ts';
import { preflight, PreflightError } from './preflight.ts';
import { assertProfileTaken, checkProfile, describeCheck } from './profile-check.ts';
import { finishDeliveryProbe, startDeliveryProbe } from './delivery-probe.ts';
import { CaptureClient, type CaptureEndpoint } from '../capture/client.ts';
import { CONTROL_PREFIX } from '../capture/protocol.ts';
import { deliveriesUnobservable } from '../capture/reach.ts';
import { captureEnvironment, sharedCapture, startCaptureServer, type RunningCapture } from '../capture/start.ts';
import { newRunId } from './run-id.ts';
import {
  LAGGING_DELIVERY_MS,
  laggingDeliveryWorkers,
  paceLine,
  paceOf,
  slowAnswer,
  workersFor,
  workersOnCommandLine,
  type Pace,
} from './workers.ts';
import { epochNow } from '../capture/protocol.ts';
import type { Delivery } from '../capture/delivery.ts';
import { readVariable } from '../contract/variables.ts';
import { probeStore } from './store-probe.ts';
import { cleanUpCreatedResources, summarize } from './teardown.ts';
import { clearMadeOnce } from './made-once.ts';
import { assertTracesRedacted } from './trace-guard.ts';
import { assertVerdictKept, hasVerdictReporter } from './reporter-guard.ts';

export default async function globalSetup(fullConfig: FullConfig): Promise<() => Promise<void>> {
  try {
    return await setUp(fullConfig);
  } catch (error) {
    // The conformance reporter turns a run stopped here into NO VERDICT, exit 2; without it, this does.
    if (!hasVerdictReporter(fullConfig)) exitWithNoVerdict();
    throw error;
  }
}

async function setUp(fullConfig: FullConfig): Promise<() => Promise<void>> {
  // First: `--reporter=… --trace=on` would leave the token in trace archives, whatever the target.
  assertTracesRedacted(fullConfig);
  // Then: `--reporter=dot` would end the run without its verdict.
  assertVerdictKept(fullConfig);
  const config = getConfig();
  if (config.baselineFile) assertBaselineReadable(config.baselineFile);
  const { createdResourcesFile, runId } = fixRunIdentity(config, fullConfig.shard);
  const closeTarget = await startTarget(config, createdResourcesFile);
  const capture = await startCapture(config, closeTarget);
  const close = async () => {
    await closeTarget();
    await capture.close();
  };
  // Set once the run may have written to the store: a run stopped before (preflight) cleans up nothing, not
  // even what a killed run of the same RUN_ID left in the journal (that is `cleanup`'s).
  let wrote = false;
  try {
    const target = {
      baseUrl: process.env.EMBEDDED_REFERENCE_URL ?? config.baseUrl ?? '',
      // A user's token as the workers read it, from the environment or the dotenv file; the embedded
      // reference's, made by startTarget after the config was read.
      token: config.embedded ? process.env.API_TOKEN : config.apiToken,
      runId,
      createdResourcesFile,
    };
    const { pace, alone } = timePace(config, target);
    await alone;
    await preflightTarget(config, target, capture.endpoint);
    if (config.readOnly) {
      console.log(
        'Read-only run (TARGET_READ_ONLY=true): no profile check, no probe, and no test that writes; the verdict names what reads judge.',
      );
    } else {
      wrote = true;
      await checkAndProbe(config, target, capture.endpoint, fullConfig);
    }
    raiseWorkersForPace(fullConfig, target.baseUrl, await pace);
  } catch (error) {
    // A run stopped here (a profile entry refused, a setting the delivery probe found wrong) may have written
    // to the store already: what it made is cleaned up as at the end of a run, before the error is shown.
    if (wrote && !config.embedded && readJournal(createdResourcesFile, runId).created.length > 0)
      await cleanUp({ createdResourcesFile, runId, fullConfig }).catch((cleanupError: unknown) =>
        console.log(`The cleanup of what global setup created failed: ${(cleanupError as Error).message}`),
      );
    await close();
    throw error;
  }
  return tearDown({ createdResourcesFile, runId, fullConfig }, close);
}

/**
 * The run's identity, fixed here, once, for every worker (and shard): its created-resources file (a
 * shard's own: shards on one machine share REPORTS_DIR), its run id and faker seed, from the environment
 * or dotenv file, else new, and its own instance token, always new.
 */
function fixRunIdentity(config: Config, shard: FullConfig['shard']): RunIdentity {
  const createdResourcesFile = shardReportFile(config.createdResourcesFile, shard);
  const runId = config.runId ?? newRunId();
  process.env.CREATED_RESOURCES_FILE = createdResourcesFile;
  process.env.RUN_ID = runId;
  process.env.RUN_INSTANCE = randomBytes(6).toString('hex');
  process.env.FAKER_SEED = String(config.fakerSeed ?? randomBytes(4).readUInt32BE() % 1_000_000);
  return { createdResourcesFile, runId };
}

interface RunIdentity {
  readonly createdResourcesFile: string;
  readonly runId: string;
}

/** Starts the embedded reference, or refuses to write to a remote target unless asked; returns what closes it. */
async function startTarget(config: Config, createdResourcesFile: string): Promise<() => Promise<void>> {
  if (config.embedded) {
    const reference = await startEmbeddedReference(config);
    process.env.EMBEDDED_REFERENCE_URL = reference.url;
    process.env.API_TOKEN = reference.token;
    return reference.close;
  }
  if (config.baseUrl && !isLoopback(config.baseUrl) && !config.allowWrites) {
    throw new PreflightError(
      `Refusing to write to ${config.baseUrl}: it is not a local address and TARGET_ALLOW_WRITES is not true.\n` +
        `The suite creates webhooks (pointing at its own capture server) and booking and service products there, ` +
        `each named with the run id, and lists them in ${path.relative(process.cwd(), createdResourcesFile)}.\n` +
        `Set TARGET_ALLOW_WRITES=true to allow it.`,
    );
  }
  return async () => {};
}

/**
 * The capture server receives webhook deliveries for the whole run; workers reach it through env vars.
 * With CAPTURE_URL it is one started elsewhere (`npm run capture`), shared with other shards: none starts here.
 */
async function startCapture(config: Config, closeTarget: () => Promise<void>): Promise<RunningCapture> {
  let capture: RunningCapture;
  try {
    capture = sharedCapture(config) ?? (await startCaptureServer(config));
  } catch (error) {
    await closeTarget();
    throw new PreflightError(
      `The capture server could not start on ${config.capture.host}:${config.capture.port} (CAPTURE_HOST, CAPTURE_PORT): ${(error as Error).message}`,
    );
  }
  Object.assign(process.env, captureEnvironment(capture.endpoint));
  return capture;
}

interface Target extends RunIdentity {
  readonly baseUrl: string;
  readonly token: string | undefined;
}

/** The target and the capture server answer: preflight (support/run/preflight.ts). */
async function preflightTarget(config: Config, target: Target, capture: CaptureEndpoint): Promise<void> {
  // Through the address the target is told: a tunnel that is down shows here, not as one timeout per delivery test.
  const captureUrl = deliveriesUnobservable(config)
    ? undefined
    : `${capture.publicUrl}${CONTROL_PREFIX}/${capture.controlToken}/health`;
  const notes = await preflight(target.baseUrl, config, target.token, {
    captureUrl,
    // A shared server: preflight checks it answers at CAPTURE_URL and takes CAPTURE_CONTROL_TOKEN.
    ...(config.capture.url ? { sharedCapture: capture } : {}),
  });
  // What answered wrongly without making the target unusable: the tests judge it, these lines say why they will fail.
  for (const note of notes) console.log(note);
}

/**
 * The profile check and the store probe, asking together: the probe's webhook needs nothing of the check's;
 * its product is the check's newest, once the check and the delivery probe have ended (a delete before the
 * first delivery came could keep it from coming). The check's lines come first, then the probe's; a failure
 * of either stops the run once both have ended, so that each step is journaled before the cleanup.
 */
async function checkAndProbe(
  config: Config,
  target: Target,
  capture: CaptureEndpoint,
  fullConfig: FullConfig,
): Promise<void> {
  const checked = checkTargetProfile(config, target, capture, fullConfig);
  const [check, probe] = await Promise.allSettled([
    checked,
    // The probe's product waits for the check however it ends: its failure is thrown below, once.
    probeTheStore(
      config,
      target,
      capture,
      checked.catch(() => undefined),
    ),
  ]);
  if (probe.status === 'fulfilled') for (const line of probe.value) console.log(line);
  if (check.status === 'rejected') {
    if (probe.status === 'rejected') console.log(`The store probe failed too: ${(probe.reason as Error).message}`);
    throw check.reason;
  }
  if (probe.status === 'rejected') throw probe.reason;
}

/**
 * Every entry of the profile, asked about once (writes are allowed by now): a refused one stops the run.
 * A webhook at an inbox of ours is registered first: the deliveries of the products the check creates
 * show whether the target reaches the capture server, and how it signs (not the embedded reference's:
 * the run starts it, signing as configured).
 */
async function checkTargetProfile(
  config: Config,
  target: Target,
  capture: CaptureEndpoint,
  fullConfig: FullConfig,
): Promise<void> {
  if (!config.profileCheck) {
    console.log('Profile check: not asked (PROFILE_CHECK=false).');
    return;
  }
  const probe = deliveriesUnobservable(config)
    ? undefined
    : await startDeliveryProbe(config, target, new CaptureClient(capture, `${target.runId} probe`));
  if (probe && 'note' in probe) console.log(probe.note);
  const checkStarted = epochNow();
  const check = await checkProfile(config.profile, {
    ...target,
    acceptLanguage: config.acceptLanguage,
    timeoutMs: config.requestTimeoutMs,
  });
  console.log(describeCheck(check));
  for (const note of check.notes) console.log(note);
  assertProfileTaken(check, shownPath(config.profilePath));
  // What the profile leaves unsaid of its statuses, for the workers (support/run/config.ts).
  process.env.DISCOVERED_STATUSES = JSON.stringify(Object.fromEntries(check.statuses));
  if (probe && !('note' in probe)) {
    let lagMs: number | undefined;
    const arrived = (delivery: Delivery) => (lagMs = delivery.receivedAt - checkStarted);
    // The embedded reference is timed only, and no longer than lagging takes: a run with a fault that sends
    // no delivery must not wait DELIVERY_TIMEOUT_MS here.
    const waitMs = config.embedded ? Math.max(100, checkStarted + LAGGING_DELIVERY_MS - epochNow()) : undefined;
    for (const note of await finishDeliveryProbe(probe, config, check.created, arrived, waitMs)) console.log(note);
    if (lagMs !== undefined) raiseWorkersForLag(fullConfig, lagMs, 'the first delivery came');
    else if (config.embedded && check.created > 0)
      raiseWorkersForLag(fullConfig, epochNow() - checkStarted, 'no delivery had come');
  }
}

/**
 * Deliveries that come half a second or more after their write (a store that sends them from a queue): each
 * delivery test then mostly waits, and more workers overlap the waits, as against a remote target
 * (support/run/workers.ts). The count is Playwright's, read after global setup to make the test groups
 * and start the workers (Playwright 1.65: `config.workers` of the FullConfig global setup is given).
 * WORKERS or `--workers`, when given, is kept.
 */
function raiseWorkersForLag(fullConfig: FullConfig, lagMs: number, what: string): void {
  if (lagMs < LAGGING_DELIVERY_MS || workersGiven()) return;
  const raised = laggingDeliveryWorkers();
  if (raised <= fullConfig.workers) return;
  console.log(
    `Workers: ${raised}: ${what} ${Math.round(lagMs)} ms after the writes began, and delivery tests would mostly wait (WORKERS or --workers sets the count).`,
  );
  (fullConfig as { workers: number }).workers = raised;
}

/**
 * A few reads of a target of the user's (support/run/workers.ts), unless the count was given: its pace. The
 * embedded reference answers in the runner, at once. The reads go alone (`alone` settles) until one is
 * slow: then preflight, the profile check and the probe start, and their waits overlap the rest. A quick
 * target is timed with nothing else in flight, so a store that serves one request at a time is not made
 * to look slow by the run's own requests queued beside the reads.
 */
function timePace(config: Config, target: Target): { pace: Promise<Pace | undefined>; alone: Promise<void> } {
  if (config.embedded || workersGiven()) return { pace: Promise.resolve(undefined), alone: Promise.resolve() };
  let done = () => {};
  const alone = new Promise<void>((resolve) => (done = resolve));
  const pace = paceOf(target.baseUrl, target.token, config.acceptLanguage, (ms) => {
    if (slowAnswer(ms)) done();
  })
    .catch(() => undefined)
    .finally(done);
  return { pace, alone };
}

/** A target whose answers are slow, whatever its hostname, gets the workers of a remote one (as `raiseWorkersForLag`). */
function raiseWorkersForPace(fullConfig: FullConfig, baseUrl: string, pace: Pace | undefined): void {
  const workers = workersFor(baseUrl, pace);
  if (pace === undefined || workers <= fullConfig.workers) return;
  console.log(paceLine(workers, pace));
  (fullConfig as { workers: number }).workers = workers;
}

/** The count was given: WORKERS, or Playwright's `--workers` (`-j`) on this runner's command line. */
const workersGiven = () => readVariable('WORKERS', readEnvironment()) !== undefined || workersOnCommandLine();

/**
 * Where this store parks webhooks, whether it takes status 0, and its delete paths, learnt once on
 * resources of the run's own (support/run/store-probe.ts) and handed to the workers (STORE_PROBE).
 * Returns its lines, for the console.
 */
async function probeTheStore(
  config: Config,
  target: Target,
  capture: CaptureEndpoint,
  checked: Promise<void>,
): Promise<readonly string[]> {
  const { findings, lines } = await probeStore(
    config,
    { ...target, embedded: config.embedded },
    deliveriesUnobservable(config) ? undefined : capture,
    checked,
  );
  process.env.STORE_PROBE = JSON.stringify(findings);
  recordStoreProbe({ reportFile: target.createdResourcesFile, runId: target.runId }, findings);
  return lines;
}

/**
 * Global teardown runs however the tests ended (failed, timed out, stopped by --max-failures): list what
 * the run created in <REPORTS_DIR>/created-resources.json, with what each test's teardown did with it,
 * and finish the cleanup (support/run/teardown.ts) with what the store probe found.
 */
function tearDown(
  { createdResourcesFile, runId, fullConfig }: RunIdentity & { readonly fullConfig: FullConfig },
  close: () => Promise<void>,
): () => Promise<void> {
  return async () => {
    try {
      await cleanUp({ createdResourcesFile, runId, fullConfig });
    } finally {
      await close();
      // What the workers made once for each other (support/run/made-once.ts): read by no one after the run.
      if (process.env.RUN_INSTANCE) await clearMadeOnce(process.env.RUN_INSTANCE);
    }
  };
}

/** What the run created and no test removed: cleaned up (support/run/teardown.ts), and a line saying so. */
async function cleanUp({
  createdResourcesFile,
  runId,
  fullConfig,
}: RunIdentity & { readonly fullConfig: FullConfig }): Promise<void> {
  // The configuration as the workers read it: with what global setup found (STORE_PROBE).
  const config = parseConfig(readEnvironment());
  const target = {
    baseUrl: process.env.EMBEDDED_REFERENCE_URL ?? config.baseUrl ?? '',
    // Read now: the dotenv file's token, or the embedded reference's (in this process's environment).
    token: config.apiToken,
    runId,
    embedded: config.embedded,
    shard: fullConfig.shard,
    // As many as the run had, raised or not (read now, after global setup set them).
    workers: fullConfig.workers,
  };
  const report = await cleanUpCreatedResources({ ...config, createdResourcesFile }, target);
  const summary = summarize(report, createdResourcesFile);
  if (summary) console.log(summary);
}

/** The embedded reference as the configuration asks for it (variant, choices, faults, signature), listening on a free loopback port. */
export async function startEmbeddedReference(
  config: Config,
): Promise<{ readonly url: string; readonly token: string; readonly close: () => Promise<void> }> {
  const token = config.apiToken ?? `ref-${randomBytes(16).toString('hex')}`;
  // Loaded here, not with this module: a run against the user's store has no use for the reference.
  const { buildReference } = await import('../../reference/app.ts');
  const { app } = buildReference({
    token,
    variant: config.referenceVariant,
    choiceNames: config.referenceChoices,
    faults: await referenceFaults(config.referenceFaults),
    deliveries: config.signature ? { signature: config.signature } : {},
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  // A set of choices other than the variant's own is named, so that a drawn run can be replayed by name.
  if (config.referenceChoices.join() !== EmbeddedTargets[config.referenceVariant].choices.join())
    console.log(
      `Embedded reference (${config.referenceVariant}) making the choices: ${config.referenceChoices.join(', ') || 'none'}`,
    );
  return { url, token, close: () => app.close() };
}

/**
 * REFERENCE_FAULTS, checked here rather than in support/run/config.ts: every worker loads the config, and
 * only the runner needs the fault catalogue. An unknown name is bad configuration (one block, NO VERDICT).
 */
async function referenceFaults(names: readonly string[]): Promise<FaultSet> {
  const { FaultNames, parseFaults, unknownFaults } = await import('../../reference/faults/index.ts');
  const unknown = unknownFaults(names);
  if (unknown.length > 0)
    throw new ConfigError([
      `REFERENCE_FAULTS: unknown fault(s) ${unknown.join(', ')} (the ${FaultNames.length} faults are defined in reference/faults/, e.g. ${FaultNames[0]})`,
    ]);
  return parseFaults(names);
}

/**
 * CONFORMANCE_BASELINE names the report of an earlier run: checked before any test, so that a wrong path is
 * a mistake named at once rather than after the run (the conformance reporter reads it, support/report/baseline.ts).
 */
function assertBaselineReadable(file: string): void {
  const problem = (why: string) =>
    new ConfigError([`CONFORMANCE_BASELINE: ${file} ${why}: give the conformance.json of an earlier run`]);
  if (!existsSync(file)) throw problem('does not exist');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw problem('is not JSON');
  }
  const report = json as { verdict?: unknown; tests?: unknown } | null;
  if (typeof report?.verdict !== 'string' || !Array.isArray(report.tests)) throw problem('is not a conformance report');
}

/** Playwright exits with 1 for a run stopped in global setup: nothing was judged, so 2 (as the conformance reporter does). */
function exitWithNoVerdict(): void {
  process.once('exit', (code) => {
    if (code === 1) process.exitCode = 2;
  });
}

/** A path as messages show it: relative to the working directory when under it. */
function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
}
