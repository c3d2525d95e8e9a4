// A document worker that dies on purpose, for the pool's failure tests. The shipment's customer reference says
// how: CRASH-ALWAYS kills every worker that takes it, CRASH-ONCE:<file> only the first (the file marks it),
// HANG never answers. Anything else is rendered for real, by the real job code.
import { existsSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { fontLibrary } from '../../src-main/documents/fonts.ts';
import { answerJob, type DocumentJob } from '../../src-main/documents/jobs.ts';

const port = parentPort!;
const fonts = fontLibrary((workerData as { fontsDir: string }).fontsDir);

port.on('message', (job: DocumentJob) => {
  const first = Array.isArray(job.input) ? job.input[0] : job.input;
  const trigger = (first as { attributes: { customerReference?: string } } | undefined)?.attributes.customerReference ?? '';
  if (trigger === 'CRASH-ALWAYS') process.exit(3);
  if (trigger.startsWith('CRASH-ONCE:')) {
    const marker = trigger.slice('CRASH-ONCE:'.length);
    if (!existsSync(marker)) {
      writeFileSync(marker, '');
      process.exit(3);
    }
  }
  if (trigger === 'HANG') for (;;);
  answerJob(port, job, fonts);
});
