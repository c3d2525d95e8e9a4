// Runs in every test file: temp folders made through tempDir() are removed when the file is done.
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dirs.ts';

afterAll(() => removeTempDirs());
