/**
 * What a run killed before its teardown leaves on a store: resources its workers made and journaled, that
 * no one removed. For the self tests of `cleanup` and of a later run of the same RUN_ID.
 */
import { recordCreation } from '../../support/run/created-resources.ts';
import { SELFTEST_TOKEN } from '../fixtures.ts';

/** What a killed run's workers left on the reference at `url`: two webhooks, journaled as they were made. */
export async function killedRun(url: string, reportFile: string, runId: string): Promise<number[]> {
  const made: number[] = [];
  for (const n of [1, 2]) {
    const body = {
      name: `${runId} webhook ${n}`,
      url: `http://127.0.0.1:9/in/${n}`,
      method_type: 'POST',
      events: ['product.created'],
      status: 1,
    };
    const answer = await fetch(`${url}/api/core/v1/webhooks`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SELFTEST_TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
    });
    const json = (await answer.json()) as { data: { webhook: { id: number } } };
    recordCreation(
      'registerWebhook',
      body,
      { status: answer.status, json },
      { reportFile, runId, by: 'a killed test' },
    );
    made.push(json.data.webhook.id);
  }
  return made;
}
