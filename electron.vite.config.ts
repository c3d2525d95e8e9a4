// Build settings for electron-vite. The renderer (the desk UI) builds from src-renderer/; the Electron main
// process and its preload join this file when the desktop shell is added.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  renderer: {
    root: 'src-renderer',
    base: './',
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: 'src-renderer/index.html' },
    },
  },
});
