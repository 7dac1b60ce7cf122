package org.sextant.engine.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What Linux's /proc says of another process, for benches that measure an app or launcher in a JVM of its own. */
public final class ProcessStatus {
    private ProcessStatus() { }

    /** Its resident set (VmRSS), in MB. */
    public static long rssMb(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
        }
        throw new IOException("no VmRSS in /proc/" + pid + "/status");
    }

    /** The CPU time it has used, user and system, in seconds (/proc/PID/stat's utime and stime, at the usual 100 ticks a second). */
    public static double cpuSeconds(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" "); // after "pid (name) ": state is field 3
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0;
    }

    /** Its threads now (0 once it has ended). */
    public static long threads(long pid) {
        String[] tasks = new File("/proc/" + pid + "/task").list();
        return tasks == null ? 0 : tasks.length;
    }
}
