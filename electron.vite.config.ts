// Build settings for electron-vite: the Electron main process with its document worker, its preload (CommonJS,
// as sandboxed preloads must be) and the renderer: the desk UI plus the hidden print view. The station serves out/renderer.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The worker threads are entries of their own: the document pool and the store start them as
      // out/main/documents-worker.js, out/main/store-writer.js and out/main/store-backup.js.
      rollupOptions: {
        input: {
          index: 'src-main/index.ts',
          'documents-worker': 'src-main/documents/worker.ts',
          'store-writer': 'src-main/store/writer-worker.ts',
          'store-backup': 'src-main/store/backup-worker.ts',
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: 'src-main/preload/index.ts', output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: 'src-renderer',
    base: './',
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: 'src-renderer/index.html', print: 'src-renderer/print.html' } },
    },
  },
});
