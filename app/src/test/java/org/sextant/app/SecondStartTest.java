package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.home.SextantHome;

/** Issue #14: a refused second start touches nothing of the running app, its log included. */
class SecondStartTest {
    @TempDir Path dir;

    /** Every file of the home: path -> inode, size, modification time, content hash. */
    private static Map<String, String> snapshot(Path root) throws Exception {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.toList()) {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                // never open the lock file here: closing any descriptor of it drops this process's POSIX lock
                boolean readable = a.isRegularFile() && !p.getFileName().toString().equals("app.lock");
                String content = readable ? Integer.toHexString(java.util.Arrays.hashCode(Files.readAllBytes(p))) : "-";
                files.put(root.relativize(p).toString(), a.fileKey() + " " + a.size() + " " + a.lastModifiedTime().toMillis() + " " + content);
            }
        }
        return files;
    }

    @Test
    void aSecondStartOnAHomeInUseIsRefusedAndLeavesTheRunningAppsLogAsItIs() throws Exception {
        SextantHome home = new SextantHome(dir).ensureLayout();
        Files.writeString(home.logFile(), "2026-12-01T10:00:00 INFO the running app's log\n");
        Files.writeString(home.logsDir().resolve("sextant.log.1"), "the run before\n");
        Path lock = home.runDir().resolve("app.lock");
        // the running app: another process holding the home's lock
        try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE); FileLock held = ch.lock()) {
            Map<String, String> before = snapshot(dir);
            Path output = Files.createTempFile("second-start", ".txt"); // outside the home
            Process second = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--headless", "--home", dir.toString())
                    .redirectErrorStream(true).redirectOutput(output.toFile()).start();
            boolean ended = second.waitFor(120, TimeUnit.SECONDS);
            if (!ended) second.destroyForcibly().waitFor();
            String said = Files.readString(output);
            Files.delete(output);
            assertTrue(ended, "the second start ends by itself: " + said);
            assertEquals(1, second.exitValue(), said);
            assertTrue(said.contains("Sextant is already running on " + dir), said);
            assertEquals(before, snapshot(dir), "nothing under the home changed: " + said);
        }
    }
}
