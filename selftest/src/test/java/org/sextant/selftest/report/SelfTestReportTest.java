package org.sextant.selftest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report says which commit it checked and when it was written, so a stale one is recognisable. */
class SelfTestReportTest {

    @Test
    @DisplayName("report: the header names the commit and the time the report was written")
    void header() {
        assertEquals("==== Sextant self-test report: commit be77b87-dirty, written 2026-12-04T06:45:12Z ====",
                SelfTestReport.header("be77b87-dirty", Instant.parse("2026-12-04T06:45:12.345Z")));
    }

    @Test
    @DisplayName("report: outside a git checkout the commit is 'unknown'")
    void noCheckout(@TempDir Path dir) {
        assertEquals("unknown", SelfTestReport.commit(dir));
    }

    @Test
    @DisplayName("report: in a checkout the commit is git describe's, marked -dirty when files changed")
    void checkout(@TempDir Path dir) throws Exception {
        assumeTrue(git(dir, "init", "-q") == 0, "git is not installed");
        Files.writeString(dir.resolve("a.txt"), "a");
        assertEquals(0, git(dir, "add", "a.txt"));
        assertEquals(0, git(dir, "-c", "user.name=selftest", "-c", "user.email=selftest@localhost", "-c", "commit.gpgsign=false",
                "commit", "-q", "-m", "a"));
        String head = output(dir, "rev-parse", "--short", "HEAD");
        assertTrue(SelfTestReport.commit(dir).startsWith(head) && !SelfTestReport.commit(dir).endsWith("-dirty"),
                SelfTestReport.commit(dir) + " vs " + head);
        Files.writeString(dir.resolve("a.txt"), "b");
        assertEquals(head + "-dirty", SelfTestReport.commit(dir));
    }

    private static int git(Path dir, String... args) throws IOException, InterruptedException {
        try {
            Process p = process(dir, args);
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    private static String output(Path dir, String... args) throws IOException, InterruptedException {
        Process p = process(dir, args);
        String out = new String(p.getInputStream().readAllBytes()).strip();
        p.waitFor();
        return out;
    }

    private static Process process(Path dir, String... args) throws IOException {
        List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }
}
