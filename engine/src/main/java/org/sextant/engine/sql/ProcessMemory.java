package org.sextant.engine.sql;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The app's resident memory as the kernel counts it (/proc/self/statm), which includes DuckDB's
 * native allocations that neither the JVM nor DuckDB's memory_limit accounts for.
 */
final class ProcessMemory {
    private static final Path STATM = Path.of("/proc/self/statm");
    private static final long PAGE = 4096;
    /** Default memory cap for agent queries: 2.5 GB, or half the machine's RAM when that is less. */
    static final long DEFAULT_CAP_BYTES = 2560L << 20;

    private ProcessMemory() {}

    /** Resident bytes of this process, or -1 where /proc is not available (macOS, Windows). */
    static long residentBytes() {
        try {
            String[] f = Files.readString(STATM).trim().split(" ");
            return Long.parseLong(f[1]) * PAGE;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The cap: system property sextant.sql.memoryCapMb, else {@link #DEFAULT_CAP_BYTES} bounded by half the RAM. */
    static long capBytes() {
        Long mb = Long.getLong("sextant.sql.memoryCapMb");
        if (mb != null && mb > 0) return mb << 20;
        long cap = DEFAULT_CAP_BYTES;
        try {
            if (java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
                cap = Math.min(cap, os.getTotalMemorySize() / 2);
            }
        } catch (RuntimeException | LinkageError ignored) {
            // keep the default
        }
        return cap;
    }
}
