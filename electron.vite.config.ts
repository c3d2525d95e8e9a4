// Build settings for electron-vite: the Electron main process with its document worker, its preload (CommonJS,
// as sandboxed preloads must be) and the renderer: the desk UI plus the hidden print view. The station serves out/renderer.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The document worker is its own entry: the pool starts it as out/main/documents-worker.js.
      rollupOptions: { input: { index: 'src-main/index.ts', 'documents-worker': 'src-main/documents/worker.ts' } },
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
