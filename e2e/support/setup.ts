import { reportOnFailure } from './diagnostics.js';

// Every spec: a failed test leaves screenshots and the browser's errors behind.
reportOnFailure();
