/**
 * Imported first by the benchmarks: their servers log warnings only (LOG_LEVEL, unless set), so a run's thousands of
 * request lines neither flood the figures printed nor pile up in a child's pipe.
 */
process.env.LOG_LEVEL ??= 'warn';
