package dev.loadtest.internal.selfload;

/**
 * The heap at one moment: what is in use and what the JVM holds from the operating system (committed,
 * which is what the heap adds to the process's resident memory at most).
 */
record HeapUse(long usedBytes, long committedBytes) {
}
