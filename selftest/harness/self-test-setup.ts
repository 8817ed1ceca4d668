import { clearSharedRuns } from './shared-run.ts';

/**
 * Says, once per `npm test`, that the self tests ignore the configuration a user wrote for a store; and
 * empties the shared runs' directory, so that this `npm test` reads only the runs it starts.
 */
export default async function selfTestSetup(): Promise<void> {
  console.log(
    'Self tests: .env and ENV_FILE are not read, and child runs inherit no configuration variable: every run targets the embedded reference or a server of the self test.',
  );
  await clearSharedRuns();
}
