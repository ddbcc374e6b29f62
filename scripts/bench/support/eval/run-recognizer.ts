import { Worker } from 'node:worker_threads';
import type { RecognizerJob, RecognizerResult } from './recognizer-worker';

/** Runs one recognizer job in a fresh thread (recognizer-worker.ts) and ends the thread with its answer. */
export function runRecognizer(job: RecognizerJob): Promise<RecognizerResult> {
  const worker = new Worker(new URL('./recognizer-worker.mjs', import.meta.url), { workerData: job });
  return new Promise((resolve, reject) => {
    worker.once('message', (r: RecognizerResult) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`recognizer worker (${job.model ?? 'detector only'}) exited with ${code} before answering`)));
  });
}
