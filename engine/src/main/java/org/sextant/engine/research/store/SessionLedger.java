package org.sextant.engine.research.store;

/** A research session's counts as stored: runs made and configurations tried (the N of the DSR). */
public record SessionLedger(String sessionId, long runs, long configurations) {}
