// Build settings for electron-vite: the Electron main process, its preload (CommonJS, as sandboxed preloads
// must be) and the renderer: the desk UI plus the hidden print view. The station serves out/renderer.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: 'src-main/index.ts' },
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
