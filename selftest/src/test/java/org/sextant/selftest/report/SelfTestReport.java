package org.sextant.selftest.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints the self-test report when the test run ends: every rule, fixture check and
 * reproduction with PASS or FAIL, what each rule examined, and what the self-test does not
 * cover. Also written to target/selftest-report.txt. Registered for the selftest module's
 * tests through META-INF/services.
 */
public final class SelfTestReport implements TestExecutionListener {
    private final Map<String, String> lines = new LinkedHashMap<>();
    private final Map<String, List<String>> notes = new LinkedHashMap<>();

    /** What the self-test does not check; printed with every report so a green run is not over-read. */
    static final List<String> NOT_COVERED = List.of(
            "resources (sextant://table/{id}) and prompts: they return data and are not classified",
            "the gates' conditions themselves: the call-graph rules see that a gate is called before a handler,"
                    + " not the branch around it (the runs-gate check below runs the real dispatcher for that)",
            "calls into libraries (MCP SDK, Jackson, Jetty, picocli) are leaves: a file written inside a library"
                    + " is seen only for the listed APIs (Files.*, FileOutputStream, FileChannel.open, Jackson writeValue(s)/createGenerator(File|Path), FileHandler, ProcessBuilder/Runtime.exec, ImageIO.write(File), FileSystems.newFileSystem, JFR Recording.dump)",
            "reflection, method handles and JNI inside libraries (Jackson binding app classes, the MCP SDK): invisible to a"
                    + " call graph (the app's read scope refuses writes at run time whatever path reaches them); in launcher code"
                    + " and on read routes they fail a rule",
            "a capability reaching a read tool as a parameter of its own constructor chain (the callers of a tool's constructor"
                    + " are not followed), or handed over through library code rather than a launcher field (a ThreadLocal, a library's cache)",
            "two route registrations on one line are walked together (each route with both handlers: stricter, never looser)",
            "callbacks are followed where they are created: a lambda's body or a method reference's target counts as run by"
                    + " the method creating it, and an app object created on a path counts as running every method a library type"
                    + " declares for it (Runnable.run, Consumer.accept, Supplier.get, Callable.call, toString...); a callback created"
                    + " outside the path (e.g. a scan job's keep::add handed to the shared scan code, a static field's lambda) and"
                    + " called there through an interface is not followed",
            "tool mentions in descriptions are snake_case words starting with a tool verb (get_, list_, run_, ...);"
                    + " client_hint texts built in code are not checked",
            "what the app and engine do with a command once queued (the app's own tests cover that)",
            "secret masking in the app's local API answers other than state (engine tests cover Settings.masked)",
            "Windows: the process-tree and rename reproductions (b, c) run on Linux and macOS only");

    /**
     * The report's first line: the commit it checked and when it was written, so a report older
     * than the code it sits next to is recognisable.
     */
    static String header(String commit, Instant writtenAt) {
        return "==== Sextant self-test report: commit " + commit + ", written " + writtenAt.truncatedTo(ChronoUnit.SECONDS) + " ====";
    }

    /** {@code git describe --always --dirty} of the checkout holding {@code dir}, or "unknown" (no git, not a checkout). */
    static String commit(Path dir) {
        try {
            Process p = new ProcessBuilder("git", "-C", dir.toString(), "describe", "--always", "--dirty")
                    .redirectErrorStream(true).start();
            p.getOutputStream().close();
            // a one-line answer fits the pipe: wait first, so a git that hangs cannot hold the report
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "unknown";
            }
            String out = new String(p.getInputStream().readNBytes(200), StandardCharsets.UTF_8).strip();
            return p.exitValue() == 0 && out.matches("[\\w.+-]{1,100}") ? out : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        if (!id.isTest() || !ours(id)) return;
        String status = switch (result.getStatus()) {
            case SUCCESSFUL -> "PASS";
            case ABORTED -> "SKIP";
            case FAILED -> "FAIL";
        };
        String why = result.getThrowable().map(t -> "  <- " + firstLine(t.getMessage())).orElse("");
        lines.put(id.getUniqueId(), String.format("%-4s  %s%s", status, id.getDisplayName(),
                result.getStatus() == TestExecutionResult.Status.FAILED ? why : ""));
    }

    @Override
    public void executionSkipped(TestIdentifier id, String reason) {
        if (id.isTest() && ours(id)) lines.put(id.getUniqueId(), "SKIP  " + id.getDisplayName() + " (" + reason + ")");
    }

    @Override
    public void reportingEntryPublished(TestIdentifier id, ReportEntry entry) {
        if (!ours(id)) return;
        entry.getKeyValuePairs().forEach((k, v) -> notes.computeIfAbsent(id.getUniqueId(), x -> new ArrayList<>()).add(v));
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        if (lines.isEmpty()) return;
        List<String> out = new ArrayList<>();
        out.add("");
        out.add(header(commit(Path.of("").toAbsolutePath()), Instant.now()));
        lines.forEach((uid, line) -> {
            out.add(line);
            for (String n : notes.getOrDefault(uid, List.of())) out.add("        " + n);
        });
        long failed = lines.values().stream().filter(l -> l.startsWith("FAIL")).count();
        out.add(String.format("%d checks, %d failed", lines.size(), failed));
        out.add("Not covered by the self-test:");
        NOT_COVERED.forEach(n -> out.add("  - " + n));
        out.add("==================================");
        PrintStream console = System.out;
        out.forEach(console::println);
        console.flush();
        try {
            Path file = Path.of("target", "selftest-report.txt");
            if (Files.isDirectory(file.getParent())) Files.write(file, out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.err.println("cannot write target/selftest-report.txt: " + e);
        }
    }

    private static boolean ours(TestIdentifier id) {
        return id.getUniqueId().contains("org.sextant.selftest.");
    }

    private static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
