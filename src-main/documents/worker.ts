// A document worker thread: loads the fonts once, then renders the jobs the pool sends, one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { fontLibrary } from './fonts.ts';
import { answerJob, type DocumentJob } from './jobs.ts';

const port = parentPort!;
const fonts = fontLibrary((workerData as { fontsDir: string }).fontsDir);
// The main fonts serve every label: read them now, so the first label does not wait for them. A font that
// cannot be read is reported by the job that needs it, not by a worker that dies at start.
try {
  fonts.load('regular');
  fonts.load('bold');
} catch {
  // The job's own load reports it.
}
port.on('message', (job: DocumentJob) => answerJob(port, job, fonts));
