package org.sextant.engine.process;

import org.sextant.contract.FailReason;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.sextant.engine.SextantException;

/**
 * Runs an external command (an external forecaster, a converter) with a timeout.
 *
 * <p>Its stdout and stderr go to temporary files, not pipes: a grandchild that inherited them
 * (a shell's background job, a Python worker pool) can keep a pipe open forever, and a read on
 * that pipe would block past any timeout. A file never blocks. On timeout the whole process tree
 * is killed (the parent, then its descendants, all collected while the parent still lives: an orphan leaves
 * the tree) and the result says fail_reason "timeout".
 */
public final class ExternalCommand {
    /** Captured output beyond this is cut (a runaway process must not fill memory). */
    public static final int MAX_CAPTURE_BYTES = 8 * 1024 * 1024;
    private static final Duration KILL_GRACE = Duration.ofSeconds(10);

    private final List<String> command;
    private final Path workDir;
    private final Duration timeout;

    public ExternalCommand(List<String> command, Path workDir, Duration timeout) {
        if (command == null || command.isEmpty() || command.get(0) == null || command.get(0).isBlank()) {
            throw SextantException.invalid("command", "the external command is empty",
                    "give the program and its arguments, e.g. [\"python3\", \"forecast.py\"]");
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw SextantException.invalid("timeout", "the timeout must be positive, got " + timeout,
                    "give a timeout such as 600 seconds");
        }
        this.command = List.copyOf(command);
        this.workDir = workDir;
        this.timeout = timeout;
    }

    /** How a run ended. failReason is null on exit 0, "timeout", or "external_failed". */
    public record Result(int exitCode, String stdout, String stderr, boolean timedOut, List<Long> killedPids,
                         Duration elapsed) {
        public String failReason() {
            if (timedOut) return "timeout";
            return exitCode == 0 ? null : "external_failed";
        }

        public boolean ok() {
            return failReason() == null;
        }
    }

    public Result run() {
        Path out = null;
        Path err = null;
        long start = System.nanoTime();
        try {
            out = Files.createTempFile("sextant-ext-", ".out");
            err = Files.createTempFile("sextant-ext-", ".err");
            ProcessBuilder pb = new ProcessBuilder(command)
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(nullFile()));
            if (workDir != null) pb.directory(workDir.toFile());
            Process process;
            try {
                process = pb.start();
            } catch (IOException e) {
                throw new SextantException(FailReason.INVALID_INPUT, "cannot start " + command.get(0) + ": " + e.getMessage(),
                        "command", "check that the program exists and is executable", e);
            }
            boolean finished = waitFor(process, timeout);
            List<Long> killed = new ArrayList<>();
            if (!finished) killed = killTree(process.toHandle());
            int exit = finished ? process.exitValue() : -1;
            return new Result(exit, readCapped(out), readCapped(err), !finished, List.copyOf(killed),
                    Duration.ofNanos(System.nanoTime() - start));
        } catch (IOException e) {
            throw new SextantException(FailReason.IO_ERROR, "cannot capture the output of " + command.get(0) + ": " + e.getMessage(),
                    null, "check free space in the temporary folder", e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    /**
     * Kills the process and then its descendants, parents before children (the list is taken
     * while the root lives, so orphans are still in it). Top-down, no parent gets to react to a
     * child's death (a shell would run its next command). Returns the pids it killed.
     */
    static List<Long> killTree(ProcessHandle root) {
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(root);
        tree.addAll(root.descendants().toList());
        List<Long> pids = new ArrayList<>();
        for (ProcessHandle p : tree) {
            if (p.isAlive() && p.destroyForcibly()) pids.add(p.pid());
        }
        for (ProcessHandle p : tree) {
            try {
                p.onExit().get(KILL_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception stillDying) {
                // SIGKILL cannot be refused; a zombie awaiting its reaper is not running code.
            }
        }
        return pids;
    }

    private static boolean waitFor(Process p, Duration timeout) {
        try {
            return p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String readCapped(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] b = in.readNBytes(MAX_CAPTURE_BYTES);
            return new String(b, StandardCharsets.UTF_8);
        }
    }

    private static File nullFile() {
        return new File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    private static void deleteQuietly(Path p) {
        if (p == null) return;
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a temp file left behind is harmless
        }
    }
}
