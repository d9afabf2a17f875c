// Imported first by each component test file.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// happy-dom has no CSS Font Loading API; Mantine's autosizing textarea listens on it, as it may
// in every real browser. An inert stand-in is enough: fonts never load late in a test.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

// Screens load their code on first visit and the machine may be busy: give lookups time.
configure({ asyncUtilTimeout: 10_000 });
